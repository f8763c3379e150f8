import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { CreateUser, createUserInput } from './create-user.js';
import { Invitations, type InvitationFile } from './invitations.js';
import type { UserView } from './user-view.js';

/**
 * `desk user create` without a password: CreateUser, except that the invitation goes to an
 * owner-only file in the install directory (SetupLinkWriter) and the answer holds only its path, so
 * the link never reaches a terminal, its scrollback or a script's log. Removed once the link is used.
 * The operator's alone: no one else can reach the install directory.
 */
@injectable()
export class CreateUserWithInvitationFile implements UseCase<
  typeof createUserInput,
  { user: UserView; invitation?: InvitationFile }
> {
  static readonly required = CreateUser.required;
  static readonly input = createUserInput;

  constructor(
    @inject(CreateUser) private readonly createUser: CreateUser,
    @inject(Invitations) private readonly invitations: Invitations,
  ) {}

  execute(actor: Actor, i: z.output<typeof createUserInput>): Promise<{ user: UserView; invitation?: InvitationFile }> {
    if (actor.principal.type !== 'operator') {
      throw new DomainError('forbidden', 'only the operator at the CLI writes invitation files');
    }
    return this.createUser.create(actor, i, (repos, user, at) => this.invitations.issueToFile(repos, actor, user, at));
  }
}
