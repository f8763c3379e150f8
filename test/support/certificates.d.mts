/** Types of certificates.mjs: the test CA and the server certificate it signed (see ./tls.ts). */
export interface TestTls {
  /** Path of the CA certificate (PEM): the value for `NODE_EXTRA_CA_CERTS`. */
  readonly caFile: string;
  /** The CA certificate itself (PEM), for a TLS client's `ca` option. */
  readonly caPem: string;
  /** Path of the server certificate (PEM), signed by the CA. */
  readonly certFile: string;
  /** Path of the server certificate's private key (PEM, unencrypted). */
  readonly keyFile: string;
  /**
   * Base64 SHA-256 of the server certificate's SubjectPublicKeyInfo: the value Chromium's
   * `--ignore-certificate-errors-spki-list` takes to accept this certificate without trusting the CA.
   */
  readonly serverSpki: string;
}

/** The process's CA and server certificate, made on first call. */
export declare function testTls(): TestTls;
