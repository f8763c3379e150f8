import { inject, injectable } from 'inversify';
import { ClientMetadataDocuments, ClientMetadataUnavailable } from '../../ports/client-metadata.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import {
  checkClientMetadata,
  isMetadataDocumentId,
  metadataDocumentIdProblem,
  REGISTERED_CLIENT_PREFIX,
  type OAuthClient,
} from './clients.js';
import { AuthorizationRefused, isOAuthError } from './oauth-error.js';
import type { AuthorizationRefusal } from './refusals.js';

const invalidClient = (why: string, refusal: AuthorizationRefusal) =>
  new AuthorizationRefused('invalid_client', why, refusal);

/**
 * Finds the app a `client_id` names: a registration of this deployment, or the app's client ID
 * metadata document, fetched (or kept from an earlier fetch) and checked as the draft requires: it
 * names itself as `client_id`, has a name and valid redirect URIs, and asks for no client secret.
 * Anything wrong is `invalid_client`, saying what (and, for the person, why in a reason word).
 */
@injectable()
export class OAuthClients {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ClientMetadataDocuments) private readonly documents: ClientMetadataDocuments,
  ) {}

  /** `signal`: the request that asks; a metadata document fetch ends when it does. */
  async resolve(clientId: string, signal?: AbortSignal): Promise<OAuthClient> {
    if (isMetadataDocumentId(clientId)) return this.fromDocument(clientId, signal);
    const registered =
      clientId.startsWith(REGISTERED_CLIENT_PREFIX) && clientId.length <= 100
        ? await this.uow.read((r) => r.oauthClients.findById(clientId))
        : null;
    if (!registered) {
      throw invalidClient(
        'unknown client_id: register the app (POST /api/oauth/register) or identify it by the https URL of its client metadata document',
        'unknown_client',
      );
    }
    return registered;
  }

  private async fromDocument(url: string, signal?: AbortSignal): Promise<OAuthClient> {
    const problem = metadataDocumentIdProblem(url);
    if (problem) throw invalidClient(`client_id ${problem}`, 'unknown_client');
    let document: unknown;
    try {
      document = await this.documents.fetch(url, signal);
    } catch (e) {
      if (e instanceof ClientMetadataUnavailable) {
        throw invalidClient(`the app's metadata document: ${e.reason}`, 'client_metadata_unavailable');
      }
      throw e;
    }
    if (typeof document !== 'object' || document === null || (document as { client_id?: unknown }).client_id !== url) {
      throw invalidClient(
        `the app's metadata document must name its own URL as client_id (${url})`,
        'client_metadata_invalid',
      );
    }
    try {
      const metadata = checkClientMetadata(document);
      if (!metadata.client_name) {
        throw invalidClient("the app's metadata document has no client_name", 'client_metadata_invalid');
      }
      return { id: url, name: metadata.client_name, redirectUris: metadata.redirect_uris, kind: 'metadata-document' };
    } catch (e) {
      if (isOAuthError(e) && e.code !== 'invalid_client') {
        throw invalidClient(`the app's metadata document: ${e.description}`, 'client_metadata_invalid');
      }
      throw e;
    }
  }
}
