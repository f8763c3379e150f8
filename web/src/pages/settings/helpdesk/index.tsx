/**
 * Help desk (`/settings/helpdesk`, `ticket.manage`): where tickets go. The school's categories, its
 * teams of staff (members in the order tickets go round them, each available or away) and the
 * routing rules, tried from the top, whose first match gives a new ticket its team and, in turn, its
 * assignee, or leaves it for the team to pick up. Routing itself is the server's (one rule for every
 * channel); this page only keeps what it reads. Below, the desk's ready answers and its service
 * targets: its hours, the targets per priority, and the school's closure days (service-targets.tsx);
 * then whether and when Desk e-mails the people who ask (ticket-mail.tsx); last, for school
 * administrators only (`user.manage`), the mailboxes Desk reads mail in from (mailboxes.tsx).
 */
import { useState } from 'preact/hooks';
import { messageOf } from '../../../api/client.js';
import {
  addCategory,
  addRule,
  addTeam,
  changeTeam,
  listCategories,
  listRules,
  listTeams,
  removeRule,
  addCannedReply,
  listCannedReplies,
  removeCannedReply,
  type RoutingRule,
  type Team,
  type TicketCategory,
} from '../../../api/ticket-routing.js';
import { can } from '../../../state/session.js';
import { confirm } from '../../../ui/confirm.js';
import { SelectField, TextArea, TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, PageHeader } from '../../../ui/page.js';
import { PersonPicker } from '../../../ui/people.js';
import type { Pickable } from '../../../ui/search-picker.js';
import { DataTable } from '../../../ui/table.js';
import { useResource } from '../../../ui/use-resource.js';
import { PRIORITY_LABEL, TICKET_PRIORITIES } from '../../tickets/ticket.js';
import { Mailboxes } from './mailboxes.js';
import { ClosureDays, DeskHours, ServiceTargets } from './service-targets.js';
import { MyTicketMail, RequesterMail } from './ticket-mail.js';
import './helpdesk.css';

const REQUESTERS: Readonly<Record<string, string>> = { PUPIL: 'Pupils', STAFF: 'Staff' };
const HOW: Readonly<Record<RoutingRule['assignment'], string>> = {
  round_robin: 'In turn to its next available member',
  pick_up: 'Left for the team to pick up',
};

/** The page's sections, by their headings' ids, for the list of links at its top. */
const SECTIONS = [
  ['categories-title', 'Categories'],
  ['teams-title', 'Teams'],
  ['rules-title', 'Routing rules'],
  ['canned-title', 'Canned replies'],
  ['desk-hours-title', 'Desk hours'],
  ['service-targets-title', 'Service targets'],
  ['closure-days-title', 'Closure days'],
  ['ticket-mail-title', 'E-mail to requesters'],
  ['my-mail-title', 'My e-mail'],
  ['mailboxes-title', 'Mailboxes'],
] as const;

/** The sections only a school administrator (`user.manage`) sees: a mailbox's password is the school's. */
const ADMINISTRATORS_ONLY: ReadonlySet<string> = new Set(['mailboxes-title']);

export default function HelpDesk() {
  const categories = useResource(() => listCategories(), []);
  const teams = useResource(() => listTeams(), []);
  const rules = useResource(() => listRules(), []);
  const error = categories.error ?? teams.error ?? rules.error;
  const reload = () => (categories.reload(), teams.reload(), rules.reload());
  const administrator = can('user.manage');
  const sections = SECTIONS.filter(([id]) => administrator || !ADMINISTRATORS_ONLY.has(id));
  return (
    <section>
      <PageHeader title="Help desk" />
      <p class="field-hint">
        A new ticket, however it arrives, goes to the team of the first rule below that fits it: in turn to the team's
        next available member, or left for the team to pick up. A ticket no rule fits waits in the queue for anyone.
      </p>
      <nav aria-label="Sections of this page">
        <ul class="helpdesk-sections">
          {sections.map(([id, name]) => (
            <li key={id}>
              <a href={`#${id}`}>{name}</a>
            </li>
          ))}
        </ul>
      </nav>
      {error ? (
        <ErrorNotice error={error} onRetry={reload} />
      ) : (
        <>
          <Categories list={categories.data?.categories} onChanged={categories.reload} />
          <Teams list={teams.data?.teams} onChanged={teams.reload} />
          <Rules
            list={rules.data?.rules}
            categories={categories.data?.categories ?? []}
            teams={teams.data?.teams ?? []}
            onChanged={rules.reload}
          />
          <CannedReplies />
        </>
      )}
      <DeskHours />
      <ServiceTargets />
      <ClosureDays />
      <RequesterMail />
      <MyTicketMail />
      {administrator && <Mailboxes />}
    </section>
  );
}

/** A one-field form that adds a named thing (a category, a team) and says so. */
function AddByName(props: { what: string; add: (name: string) => Promise<string>; onAdded: () => void }) {
  const [name, setName] = useState('');
  const form = useSubmit(async () => {
    announce(await props.add(name.trim()));
    setName('');
    props.onAdded();
  });
  return (
    <form class="inline-form" onSubmit={form.submit} noValidate aria-label={`Add a ${props.what}`}>
      <TextField
        label={`New ${props.what}`}
        value={name}
        maxLength={80}
        autocomplete="off"
        error={form.error('name') ?? form.problem}
        onInput={(e: Event) => (setName((e.currentTarget as HTMLInputElement).value), form.reset())}
      />
      <button type="submit" disabled={form.busy}>
        Add {props.what}
      </button>
    </form>
  );
}

function Categories(props: { list: TicketCategory[] | undefined; onChanged: () => void }) {
  return (
    <>
      <h2 id="categories-title">Categories</h2>
      <DataTable
        caption="Ticket categories"
        rows={props.list}
        rowKey={(c) => c.id}
        empty="No categories yet: add what your tickets are about (devices, accounts and passwords, network…)."
        columns={[{ header: 'Category', cell: (c) => c.name }]}
      />
      <AddByName
        what="category"
        add={async (name) => `Category ${(await addCategory(name)).category.name} added`}
        onAdded={props.onChanged}
      />
    </>
  );
}

function Teams(props: { list: Team[] | undefined; onChanged: () => void }) {
  return (
    <>
      <h2 id="teams-title">Teams</h2>
      {props.list?.length === 0 && <p>No teams yet. A team is the staff who take one kind of ticket.</p>}
      {props.list?.map((t) => (
        <TeamCard key={t.id} team={t} onChanged={props.onChanged} />
      ))}
      <AddByName
        what="team"
        add={async (name) => `Team ${(await addTeam(name, [])).team.name} added: add its members below`}
        onAdded={props.onChanged}
      />
    </>
  );
}

/** One team: its members in turn order, each marked away or back, removed, or added by search. */
function TeamCard(props: { team: Team; onChanged: () => void }) {
  const { team } = props;
  const [adding, setAdding] = useState<Pickable | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const ids = team.members.map((m) => m.personId);
  const away = team.members.filter((m) => !m.available).map((m) => m.personId);
  const save = async (body: { memberIds?: string[]; awayIds?: string[] }, done: string) => {
    setProblem(undefined);
    try {
      await changeTeam(team.id, body);
      announce(done);
      props.onChanged();
      return true;
    } catch (e) {
      setProblem(messageOf(e));
      return false;
    }
  };
  return (
    <section class="team-card" aria-labelledby={`team-${team.id}`}>
      <h3 id={`team-${team.id}`}>{team.name}</h3>
      <DataTable
        caption={`Members of ${team.name}`}
        rows={team.members}
        rowKey={(m) => m.personId}
        empty="No members yet: tickets routed here wait for pick-up."
        columns={[
          { header: 'Member', cell: (m) => m.name },
          {
            header: 'Takes tickets',
            cell: (m) => (m.available ? 'Yes' : <span class="badge badge-warn">Away</span>),
          },
          {
            header: 'Change',
            cell: (m) => (
              <span class="group-moves">
                <button
                  type="button"
                  aria-label={`${m.available ? 'Mark away' : 'Mark back'}: ${m.name}`}
                  onClick={() =>
                    save(
                      { awayIds: m.available ? [...away, m.personId] : away.filter((p) => p !== m.personId) },
                      `${m.name} is ${m.available ? 'away' : 'back'}`,
                    )
                  }
                >
                  {m.available ? 'Mark away' : 'Mark back'}
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${m.name} from ${team.name}`}
                  onClick={() =>
                    save(
                      { memberIds: ids.filter((p) => p !== m.personId), awayIds: away.filter((p) => p !== m.personId) },
                      `${m.name} left ${team.name}`,
                    )
                  }
                >
                  Remove
                </button>
              </span>
            ),
          },
        ]}
      />
      <div class="inline-form">
        <PersonPicker
          label={`Add a member to ${team.name}`}
          kind="STAFF"
          value={adding}
          onChange={setAdding}
          error={problem}
          hint="A member of staff, found by name or e-mail."
        />
        <button
          type="button"
          disabled={!adding}
          onClick={async () => {
            if (adding && (await save({ memberIds: [...ids, adding.id] }, `${adding.label} joined ${team.name}`))) {
              setAdding(null);
            }
          }}
        >
          Add member
        </button>
      </div>
    </section>
  );
}

function Rules(props: {
  list: RoutingRule[] | undefined;
  categories: readonly TicketCategory[];
  teams: readonly Team[];
  onChanged: () => void;
}) {
  const [categoryId, setCategoryId] = useState('');
  const [requesterKind, setRequesterKind] = useState('');
  const [priority, setPriority] = useState('');
  const [teamId, setTeamId] = useState('');
  const [assignment, setAssignment] = useState<RoutingRule['assignment']>('round_robin');
  const categoryName = (id: string | null) => props.categories.find((c) => c.id === id)?.name ?? 'a removed category';
  const teamName = (id: string) => props.teams.find((t) => t.id === id)?.name ?? 'a removed team';
  const chosenTeam = teamId || props.teams[0]?.id || '';
  const form = useSubmit(async () => {
    await addRule({
      ...(categoryId ? { categoryId } : {}),
      ...(requesterKind ? { requesterKind: requesterKind as 'PUPIL' | 'STAFF' } : {}),
      ...(priority ? { priority: priority as (typeof TICKET_PRIORITIES)[number] } : {}),
      teamId: chosenTeam,
      assignment,
    });
    announce(`Rule added: to ${teamName(chosenTeam)}`);
    props.onChanged();
  });
  const when = (r: RoutingRule) =>
    [
      r.categoryId && `category ${categoryName(r.categoryId)}`,
      r.requesterKind && `asked by ${REQUESTERS[r.requesterKind]?.toLowerCase()}`,
      r.priority && `priority ${PRIORITY_LABEL[r.priority].toLowerCase()}`,
    ]
      .filter(Boolean)
      .join(', ') || 'Any ticket';
  const remove = async (r: RoutingRule) => {
    if (
      !(await confirm({
        title: 'Remove this rule?',
        message: `${when(r)} → ${teamName(r.teamId)}.`,
        confirmLabel: 'Remove rule',
        danger: true,
      }))
    )
      return;
    try {
      await removeRule(r.id);
      announce('Rule removed');
      props.onChanged();
    } catch (e) {
      announce(messageOf(e), 'error');
    }
  };
  return (
    <>
      <h2 id="rules-title">Routing rules</h2>
      <DataTable
        caption="Routing rules, tried from the top"
        rows={props.list}
        rowKey={(r) => r.id}
        empty="No rules yet: new tickets wait in the queue for anyone."
        columns={[
          { header: 'Tickets', cell: when },
          { header: 'Go to', cell: (r) => teamName(r.teamId) },
          { header: 'How', cell: (r) => HOW[r.assignment] },
          {
            header: 'Remove',
            cell: (r) => (
              <button
                type="button"
                aria-label={`Remove the rule: ${when(r)} to ${teamName(r.teamId)}`}
                onClick={() => remove(r)}
              >
                Remove
              </button>
            ),
          },
        ]}
      />
      {props.teams.length === 0 ? (
        <p>Add a team first: a rule sends tickets to one.</p>
      ) : (
        <form class="record-form" onSubmit={form.submit} noValidate aria-label="Add a rule">
          <h3>Add a rule</h3>
          <SelectField
            label="Category"
            value={categoryId}
            onChange={(e: Event) => setCategoryId((e.currentTarget as HTMLSelectElement).value)}
            choices={[
              { value: '', label: 'Any category' },
              ...props.categories.map((c) => ({ value: c.id, label: c.name })),
            ]}
            error={form.error('categoryId')}
          />
          <SelectField
            label="Asked by"
            value={requesterKind}
            onChange={(e: Event) => setRequesterKind((e.currentTarget as HTMLSelectElement).value)}
            choices={[
              { value: '', label: 'Anyone' },
              ...Object.entries(REQUESTERS).map(([value, label]) => ({ value, label })),
            ]}
          />
          <SelectField
            label="Priority"
            value={priority}
            onChange={(e: Event) => setPriority((e.currentTarget as HTMLSelectElement).value)}
            choices={[
              { value: '', label: 'Any priority' },
              ...TICKET_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABEL[p] })),
            ]}
          />
          <SelectField
            label="Team"
            value={chosenTeam}
            onChange={(e: Event) => setTeamId((e.currentTarget as HTMLSelectElement).value)}
            choices={props.teams.map((t) => ({ value: t.id, label: t.name }))}
            error={form.error('teamId')}
          />
          <SelectField
            label="Assign"
            value={assignment}
            onChange={(e: Event) =>
              setAssignment((e.currentTarget as HTMLSelectElement).value as RoutingRule['assignment'])
            }
            choices={Object.entries(HOW).map(([value, label]) => ({ value, label }))}
          />
          <FormProblem form={form} />
          <button type="submit" class="primary" disabled={form.busy}>
            Add rule
          </button>
        </form>
      )}
    </>
  );
}

/** The desk's ready answers, offered beside a ticket's comment box and filled there for the ticket. */
function CannedReplies() {
  const list = useResource(() => listCannedReplies(), []);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const form = useSubmit(async () => {
    const { cannedReply } = await addCannedReply(title.trim(), body.trim());
    announce(`Canned reply ${cannedReply.title} added`);
    setTitle('');
    setBody('');
    list.reload();
  });
  const remove = async (id: string, name: string) => {
    if (
      !(await confirm({
        title: `Remove the canned reply "${name}"?`,
        message: 'It is no longer offered when replying.',
        confirmLabel: 'Remove',
        danger: true,
      }))
    )
      return;
    try {
      await removeCannedReply(id);
      announce(`Canned reply ${name} removed`);
      list.reload();
    } catch (e) {
      announce(messageOf(e), 'error');
    }
  };
  return (
    <>
      <h2 id="canned-title">Canned replies</h2>
      {list.error ? (
        <ErrorNotice error={list.error} onRetry={list.reload} />
      ) : (
        <DataTable
          caption="Canned replies"
          rows={list.data?.cannedReplies}
          rowKey={(c) => c.id}
          empty="No canned replies yet."
          columns={[
            { header: 'Title', cell: (c) => c.title },
            { header: 'Text', cell: (c) => <span class="canned-body">{c.body}</span> },
            {
              header: 'Remove',
              cell: (c) => (
                <button
                  type="button"
                  aria-label={`Remove the canned reply ${c.title}`}
                  onClick={() => remove(c.id, c.title)}
                >
                  Remove
                </button>
              ),
            },
          ]}
        />
      )}
      <form class="record-form" onSubmit={form.submit} noValidate aria-label="Add a canned reply">
        <h3>Add a canned reply</h3>
        <TextField
          label="Title"
          value={title}
          maxLength={80}
          autocomplete="off"
          error={form.error('title')}
          onInput={(e: Event) => (setTitle((e.currentTarget as HTMLInputElement).value), form.reset())}
        />
        <TextArea
          label="Text"
          value={body}
          maxLength={10000}
          error={form.error('body')}
          hint="{requester} becomes the requester's name, {ticket} the ticket number, {serial} a device they hold, {me} your name."
          onInput={(e: Event) => (setBody((e.currentTarget as HTMLTextAreaElement).value), form.reset())}
        />
        <FormProblem form={form} />
        <button type="submit" disabled={form.busy}>
          Add canned reply
        </button>
      </form>
    </>
  );
}
