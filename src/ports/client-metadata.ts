/**
 * Client ID metadata documents (draft-ietf-oauth-client-id-metadata-document): an app identified by
 * an https URL publishes there a JSON document naming it and its redirect URIs, and the authorization
 * server reads it when the app asks for access.
 *
 * Contract: `fetch(url, signal?)` answers the parsed JSON of the document at `url`, fetched with GET
 * through the outbound rule (public addresses only, unless WEBHOOK_ALLOW_PRIVATE: the same guard as
 * webhooks and monitors), following no redirect, accepting only a 200 with a JSON body of at most
 * 16 KiB, all within 5 seconds from the call (one deadline for the whole fetch, however the server
 * paces its bytes). `signal` is the request that needs the document: once it aborts, the fetch ends
 * at once (its connection closed) and fails. A document may be answered from a copy kept as long as
 * its HTTP caching headers allow (never past 24 hours; `no-store` is never kept); a failure is never
 * kept. Any failure throws ClientMetadataUnavailable with a reason in words that anyone may be shown
 * (the one asking may be anonymous: a refused address is "not a public address", never what a name
 * resolves to); the document's content is the caller's to validate.
 */
export abstract class ClientMetadataDocuments {
  abstract fetch(url: string, signal?: AbortSignal): Promise<unknown>;
}

export class ClientMetadataUnavailable extends Error {
  override readonly name = 'ClientMetadataUnavailable';
  constructor(readonly reason: string) {
    super(`the client metadata document could not be used: ${reason}`);
  }
}
