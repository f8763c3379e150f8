/**
 * A ticket's service targets as the ticket pages say them: its first answer and its resolution, each
 * due at a time counted in school hours by the server (which stores them with the ticket). A due
 * time is running while the desk still owes it: the first answer until it is given, the resolution
 * while the ticket is new or open (waiting on the requester, or resolved, stops it). A running due
 * time before now is past its target, said in words, not by colour alone.
 */
import { formatInstant } from '../../format.js';
import type { Ticket } from './ticket.js';

export { nextDueAt as nextDue } from '@desk/contract';

export const isPast = (instant: string): boolean => Date.parse(instant) < Date.now();

/** The marker of a missed target: its words in a badge (the colour repeats them). */
export const PastTarget = () => <span class="badge badge-danger">Past target</span>;

/** A running due time in words, marked when it has passed. */
export function DueAt(props: { at: string; prefix?: string }) {
  return (
    <>
      {props.prefix}
      <time dateTime={props.at}>{formatInstant(props.at)}</time>
      {isPast(props.at) && (
        <>
          {' '}
          <PastTarget />
        </>
      )}
    </>
  );
}

/** The first answer: when it is due, or when it was given (and whether that was late). */
export function FirstAnswer(props: { ticket: Ticket }) {
  const t = props.ticket;
  if (t.firstRespondedAt !== null) {
    const late = t.firstResponseDueAt !== null && Date.parse(t.firstRespondedAt) > Date.parse(t.firstResponseDueAt);
    return (
      <>
        Answered <time dateTime={t.firstRespondedAt}>{formatInstant(t.firstRespondedAt)}</time>
        {late && (
          <>
            {' '}
            <span class="badge badge-warn">late</span>
          </>
        )}
      </>
    );
  }
  if (t.status === 'CLOSED') return <>Not answered</>;
  if (t.firstResponseDueAt === null) return <>No target</>;
  return <DueAt prefix="Due " at={t.firstResponseDueAt} />;
}

/** The resolution: due (running), paused while the ticket waits on the requester, or resolved. */
export function ResolutionDue(props: { ticket: Ticket }) {
  const t = props.ticket;
  if (t.status === 'RESOLVED') return <>Resolved</>;
  if (t.resolutionDueAt === null) return <>No target</>;
  if (t.status === 'PENDING') {
    return (
      <>
        Paused — waiting on the requester (was due{' '}
        <time dateTime={t.resolutionDueAt}>{formatInstant(t.resolutionDueAt)}</time>)
      </>
    );
  }
  return <DueAt at={t.resolutionDueAt} />;
}
