import { CreateUser, createdUserSchema } from '../../../domain/identity/create-user.js';
import { invitationSchema } from '../../../domain/identity/invitations.js';
import { InviteUser, inviteResultSchema } from '../../../domain/identity/invite-user.js';
import { ListUsers, userPageSchema } from '../../../domain/identity/list-users.js';
import { UpdateUser } from '../../../domain/identity/update-user.js';
import { userResultSchema, userViewSchema } from '../../../domain/identity/user-view.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('User', userViewSchema);
named('UserResult', userResultSchema);
named('Invitation', invitationSchema);

/**
 * The school's staff accounts (`user.manage`; giving or changing a role also needs the permissions
 * the role holds, `role.manage` for a privileged one): console routes only, never an API key or a
 * tool. A user of no one's reach (another school's included) is 404; an e-mail address already taken,
 * or an invitation for a deactivated user, is 409. An invitation's link is in the answer that makes it
 * and nowhere else (never cached, never logged).
 */
export const userRoutes = routeGroup('users', "The school's staff accounts and their invitations.", [
  useCaseRoute({
    method: 'get',
    path: '/api/users',
    summary: 'The staff accounts by e-mail, a page at a time, and the roles the caller may give',
    useCase: ListUsers,
    output: named('UserPage', userPageSchema),
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/users',
    summary: 'Add a staff account, with an invitation to choose a password when asked',
    useCase: CreateUser,
    status: 201,
    output: named('CreatedUser', createdUserSchema),
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'patch',
    path: '/api/users/{id}',
    summary: "Change a user's name, role, loan groups or whether they may sign in",
    useCase: UpdateUser,
    output: userResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/users/{id}/invite',
    summary: 'Make a new invitation link for a user (replacing any open one; a body is not read)',
    description: 'A user who already has a password gets one only from a caller with `password.reset` (403 otherwise).',
    useCase: InviteUser,
    status: 201,
    output: named('InviteResult', inviteResultSchema),
    problems: ['conflict'],
  }),
]);
