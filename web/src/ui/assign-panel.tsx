/**
 * Giving a record of the desk's work (a repair, a ticket) to a member of staff: search and choose
 * someone, or take it yourself ("Assign to me", offered when People knows who you are and it is not
 * yours already), or, where the record allows it, give it to nobody. `assign` sends the choice and
 * says it was done; the panel shows the server's refusal beside the field or under it.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, messageOf } from '../api/client.js';
import { ownPerson, type Person } from '../api/people.js';
import { useSubmit } from './form.js';
import { announce } from './notices.js';
import { PersonPicker } from './people.js';
import type { Pickable } from './search-picker.js';

export function AssignPanel(props: {
  /** Whom it is assigned to now, if anyone. */
  readonly assigneeId: string | null;
  /** Sends the assignment (`null`: to nobody) and announces it; `who` names the person (`you` for oneself). */
  readonly assign: (assigneeId: string | null, who: string) => Promise<void>;
  readonly onDone: () => void;
  /** Whether it may be given back to nobody here. */
  readonly unassign?: boolean;
}) {
  const { assigneeId } = props;
  const [chosen, setChosen] = useState<Pickable | null>(null);
  const [mine, setMine] = useState<Person | null>(null);
  useEffect(() => void ownPerson().then(setMine), []);
  const assign = async (id: string | null, who: string) => {
    await props.assign(id, who);
    setChosen(null);
    props.onDone();
  };
  const form = useSubmit(async () => {
    if (!chosen) {
      throw new ApiError(
        400,
        'invalid-input',
        '',
        '',
        new Map([['assigneeId', 'Search for a member of staff and choose one']]),
      );
    }
    await assign(chosen.id, chosen.label);
  });
  const quick = (id: string | null, who: string) =>
    assign(id, who).catch((e: unknown) => announce(messageOf(e), 'error'));
  return (
    <form class="desk-panel" onSubmit={form.submit} aria-labelledby="assign-heading" noValidate>
      <h2 id="assign-heading">{assigneeId ? 'Reassign' : 'Assign'}</h2>
      <PersonPicker
        label="Member of staff"
        kind="STAFF"
        value={chosen}
        onChange={(v) => (setChosen(v), form.reset())}
        error={form.error('assigneeId')}
        hint="Type part of a name or e-mail address, then choose."
      />
      {form.problem && !form.error('assigneeId') && (
        <p class="field-error" role="alert">
          {form.problem}
        </p>
      )}
      <div class="desk-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          Assign
        </button>
        {mine && mine.id !== assigneeId && (
          <button type="button" disabled={form.busy} onClick={() => quick(mine.id, 'you')}>
            Assign to me
          </button>
        )}
        {props.unassign && assigneeId && (
          <button type="button" disabled={form.busy} onClick={() => quick(null, '')}>
            Unassign
          </button>
        )}
      </div>
    </form>
  );
}
