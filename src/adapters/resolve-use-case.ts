import type { Container, ServiceIdentifier } from 'inversify';
import type { Resolve } from '../domain/shared/use-case.js';

/** Tool handlers reach their use cases through the container (each use case is bound to itself). */
export const resolveFrom =
  (container: Container): Resolve =>
  <T>(useCase: abstract new (...args: never[]) => T) =>
    container.get<T>(useCase as unknown as ServiceIdentifier<T>);
