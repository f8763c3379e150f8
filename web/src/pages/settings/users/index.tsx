/**
 * Users and roles (`/settings/users`, user.manage): the school's staff accounts (paged in `?page=`),
 * whether each can sign in yet, inviting someone (the invitation link shown once, to hand over),
 * a fresh link for someone whose invitation lapsed, changing a role (role.manage; only the roles the
 * server says this administrator may give), and turning an account off or back on (confirmed).
 */
import { roleName } from '../../../words.js';
import { useState } from 'preact/hooks';
import { messageOf } from '../../../api/client.js';
import {
  addUser,
  changeUser,
  inviteAgain,
  listUsers,
  type Invitation,
  type Role,
  type User,
} from '../../../api/users.js';
import { loanGroups, type LoanGroup } from '../../../api/loans.js';
import { formatInstant } from '../../../format.js';
import { can, loadSession, me } from '../../../state/session.js';
import { CheckGroup, listError } from '../../../ui/check-group.js';
import { confirm } from '../../../ui/confirm.js';
import { CopyField } from '../../../ui/copy.js';
import { SelectField, TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, PageHeader } from '../../../ui/page.js';
import { Pager } from '../../../ui/pager.js';
import { currentPage } from '../../../ui/search.js';
import { DataTable } from '../../../ui/table.js';
import { useLiveReload } from '../../../ui/use-live-reload.js';
import { useResource } from '../../../ui/use-resource.js';
import '../admin.css';

const PAGE_SIZE = 50;

const roleLabel = roleName;

/** How the user gets in, in words: signed up, invited until…, or no way in yet. */
function access(u: User): string {
  if (!u.active) return 'turned off';
  if (u.hasPassword) return 'can sign in';
  if (u.invitation) return `invited, link valid until ${formatInstant(u.invitation.expiresAt)}`;
  return 'no way in: send a new invitation';
}

export default function UsersPage() {
  const page = currentPage();
  const list = useResource(() => listUsers(page, PAGE_SIZE), [page]);
  const [link, setLink] = useState<{ who: string; invitation: Invitation } | null>(null);
  // Nothing here is an event kind: only a reset of the stream (or a pause ending) reloads it.
  useLiveReload([], list.reload);
  const self = me.value?.user.id;
  const mayChangeRoles = can('role.manage');

  const showLink = (who: string, invitation: Invitation) => {
    setLink({ who, invitation });
    queueMicrotask(() => document.getElementById('invitation-title')?.scrollIntoView());
  };

  const changeRole = async (u: User, role: Role) => {
    if (role === u.role) return;
    try {
      await changeUser(u.id, { role });
      announce(`${u.name} is now ${roleLabel(role)}`);
      // One's own role changes what the console shows: ask the server again.
      if (u.id === self) await loadSession();
    } catch (e) {
      announce(messageOf(e), 'error');
    }
    list.reload();
  };

  const setActive = async (u: User, active: boolean) => {
    const yes = await confirm(
      active
        ? {
            title: `Turn ${u.name}'s account back on?`,
            message: 'They sign in with their password again, or need a new invitation if they never set one.',
            confirmLabel: 'Turn on',
          }
        : {
            title: `Turn ${u.name}'s account off?`,
            message: 'They are signed out everywhere at once and cannot sign in; their open links stop working.',
            confirmLabel: 'Turn off',
            danger: true,
          },
    );
    if (!yes) return;
    try {
      await changeUser(u.id, { active });
      announce(active ? `${u.name}'s account is on` : `${u.name}'s account is off`);
      list.reload();
    } catch (e) {
      announce(messageOf(e), 'error');
    }
  };

  const invite = async (u: User) => {
    if (u.hasPassword) {
      const yes = await confirm({
        title: `Make a password link for ${u.name}?`,
        message: 'The link sets a new password. Their current password keeps working until the link is used.',
        confirmLabel: 'Make link',
      });
      if (!yes) return;
    }
    try {
      const { invitation } = await inviteAgain(u.id);
      announce(`New link for ${u.name}: copy it now`);
      showLink(u.name, invitation);
      list.reload();
    } catch (e) {
      announce(messageOf(e), 'error');
    }
  };

  const data = list.data;
  return (
    <section>
      <PageHeader title="Users and roles" />
      {link && (
        <div class="shown-once" role="region" aria-labelledby="invitation-title">
          <h2 id="invitation-title">Link for {link.who}</h2>
          {link.invitation.emailed ? (
            <p>
              <strong>Desk e-mailed this link to them.</strong> It works once, until{' '}
              {formatInstant(link.invitation.expiresAt)}, and lets them choose their password. It is shown here this
              once too, in case the e-mail does not reach them.
            </p>
          ) : (
            <p>
              <strong>Copy it now and give it to them: Desk shows it only this once.</strong> It works once, until{' '}
              {formatInstant(link.invitation.expiresAt)}, and lets them choose their password.
            </p>
          )}
          <CopyField label="Setup link" value={link.invitation.url} />
          <button type="button" class="primary" onClick={() => setLink(null)}>
            Done, I have copied it
          </button>
        </div>
      )}
      {list.error && !data ? (
        <ErrorNotice error={list.error} onRetry={list.reload} />
      ) : (
        <>
          <div class="wide-table">
            <DataTable
              caption="Users"
              rows={data?.users}
              rowKey={(u) => u.id}
              busy={list.loading}
              empty="No users."
              columns={[
                { header: 'Name', cell: (u) => u.name },
                { header: 'E-mail', cell: (u) => u.email },
                {
                  header: 'Role',
                  cell: (u) =>
                    mayChangeRoles && u.active && data ? (
                      <select
                        aria-label={`Role of ${u.name}`}
                        value={u.role}
                        onChange={(e) => changeRole(u, e.currentTarget.value as Role)}
                      >
                        {/* The current role stays listed even when it is not one this administrator may give. */}
                        {[...new Set([u.role, ...data.grantableRoles])].map((r) => (
                          <option key={r} value={r}>
                            {roleLabel(r)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      roleLabel(u.role)
                    ),
                },
                {
                  header: 'Access',
                  cell: (u) => <span class={u.active ? undefined : 'badge'}>{access(u)}</span>,
                },
                { header: 'Added', cell: (u) => formatInstant(u.createdAt) },
                {
                  header: 'Actions',
                  cell: (u) => (
                    <div class="row-actions">
                      {u.active && (!u.hasPassword || can('password.reset')) && (
                        <button
                          type="button"
                          onClick={() => invite(u)}
                          aria-label={`${u.hasPassword ? 'Password link' : 'New invitation'} for ${u.name}`}
                        >
                          {u.hasPassword ? 'Password link' : 'New invitation'}
                        </button>
                      )}
                      {u.id !== self && (
                        <button
                          type="button"
                          onClick={() => setActive(u, !u.active)}
                          aria-label={`${u.active ? 'Turn off' : 'Turn on'} ${u.name}`}
                        >
                          {u.active ? 'Turn off' : 'Turn on'}
                        </button>
                      )}
                    </div>
                  ),
                },
              ]}
            />
          </div>
          {data && data.total > PAGE_SIZE && (
            <Pager total={data.total} page={page} pageSize={PAGE_SIZE} label="User pages" />
          )}
        </>
      )}
      {data && (
        <InviteUser
          roles={data.grantableRoles}
          onInvited={(who, invitation) => {
            showLink(who, invitation);
            list.reload();
          }}
        />
      )}
    </section>
  );
}

function InviteUser(props: { roles: readonly Role[]; onInvited: (who: string, invitation: Invitation) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  // With no role to give, the form is not shown (below), so a role is always chosen.
  const [role, setRole] = useState<Role>(props.roles.includes('teacher') ? 'teacher' : props.roles[0]!);
  const [groups, setGroups] = useState<Set<string>>(new Set());
  // A teacher sees the loans of their own groups only: offer the school's groups when one is invited.
  const mayListGroups = can('module.loans', 'loan.view');
  const groupsToOffer = useResource(
    () =>
      role === 'teacher' && mayListGroups ? loanGroups().then((r) => r.loanGroups) : Promise.resolve([] as LoanGroup[]),
    [role, mayListGroups],
  );
  const groupList = groupsToOffer.data ?? [];
  const form = useSubmit(async () => {
    const chosen = groupList.filter((g) => groups.has(g.id)).map((g) => g.id);
    const reply = await addUser({
      email: email.trim(),
      name: name.trim(),
      role,
      ...(role === 'teacher' ? { loanGroupIds: chosen } : {}),
    });
    setEmail('');
    setName('');
    setGroups(new Set());
    announce(`${reply.user.name} invited: copy the link now`);
    if (reply.invitation) props.onInvited(reply.user.name, reply.invitation);
  });
  if (props.roles.length === 0) return null;
  const groupName = new Map(groupList.map((g) => [g.id, g.name]));
  return (
    <form class="admin-form" onSubmit={form.submit} novalidate>
      <h2>Invite a user</h2>
      <p>They get a link to choose their own password: Desk never asks you for it.</p>
      <FormProblem form={form} />
      <TextField
        label="E-mail"
        type="email"
        value={email}
        onInput={(e: Event) => setEmail((e.currentTarget as HTMLInputElement).value)}
        error={form.error('email')}
        required
        autocomplete="off"
      />
      <TextField
        label="Name"
        value={name}
        onInput={(e: Event) => setName((e.currentTarget as HTMLInputElement).value)}
        error={form.error('name')}
        required
        autocomplete="off"
      />
      <SelectField
        label="Role"
        value={role}
        onChange={(e: Event) => setRole((e.currentTarget as HTMLSelectElement).value as Role)}
        error={form.error('role')}
        choices={props.roles.map((r) => ({ value: r, label: roleLabel(r) }))}
      />
      {role === 'teacher' && groupList.length > 0 && (
        <CheckGroup
          legend="Loan groups"
          hint="The groups whose loans this teacher sees."
          choices={groupList.map((g) => g.id)}
          labelOf={(id) => groupName.get(id) ?? id}
          chosen={groups}
          onChange={setGroups}
          error={listError(form.error, 'loanGroupIds', groupList.length)}
        />
      )}
      <button type="submit" class="primary" disabled={form.busy}>
        {form.busy ? 'Inviting…' : 'Invite user'}
      </button>
    </form>
  );
}
