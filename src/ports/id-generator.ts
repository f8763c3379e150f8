/** Opaque, unique, URL-safe record ids (UUIDs in production). */
export abstract class IdGenerator {
  abstract next(): string;
}
