import { consentViewSchema, oauthClientViewSchema } from '../../../domain/oauth/consent.js';
import { DecideAuthorization, decisionSchema } from '../../../domain/oauth/decide-authorization.js';
import { authorizationResultSchema, GetAuthorization } from '../../../domain/oauth/get-authorization.js';
import { grantPageSchema, grantViewSchema, ListGrants } from '../../../domain/oauth/list-grants.js';
import { RevokeGrant } from '../../../domain/oauth/revoke-grant.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('OAuthClientView', oauthClientViewSchema);
named('ConsentView', consentViewSchema);
named('ConnectedApp', grantViewSchema);

/**
 * The console's side of OAuth (the protocol's own endpoints are routes/oauth.ts): the consent page,
 * where a signed-in person allows or denies an app what it asked for, and the connected apps, which
 * a person may disconnect (a school administrator, everyone's). An authorization request that is not
 * the caller's to decide (unknown, another school's host) is 404, one already answered or expired 409.
 */
export const connectedAppRoutes = routeGroup('connected-apps', 'Apps a person lets act in their name (OAuth).', [
  useCaseRoute({
    method: 'get',
    path: '/api/oauth/authorizations/{id}',
    summary: 'What an app asks for, in words, for the consent page',
    useCase: GetAuthorization,
    output: named('AuthorizationResult', authorizationResultSchema),
    problems: ['forbidden', 'conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/oauth/authorizations/{id}',
    summary: "Allow or deny an app: where the browser goes next (the app's redirect URI)",
    useCase: DecideAuthorization,
    output: named('AuthorizationDecision', decisionSchema),
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/oauth/grants',
    summary: "The apps connected in the caller's name, newest first; with all=true everyone's (user.manage)",
    useCase: ListGrants,
    output: named('ConnectedAppPage', grantPageSchema),
    problems: ['forbidden'],
  }),
  useCaseRoute({
    method: 'delete',
    path: '/api/oauth/grants/{id}',
    summary: 'Disconnect an app: its tokens stop working at once',
    useCase: RevokeGrant,
    status: 204,
  }),
]);
