/**
 * What the portal's pages share: the page heading (which takes the keyboard's focus on arrival),
 * a request's and a device problem's state in words, and files — choosing them (checked against the
 * school's limit before anything is sent), sending each after the request or reply they go with is
 * made, and listing them as downloads.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { ApiError, messageOf } from '../../api/client.js';
import { attachToRequest, requestFileAddress, type PortalFile, type PortalTicket } from '../../api/portal.js';
import { formatSize } from '../../format.js';
import { portalMe } from '../../state/portal.js';
import { useArrivalFocus } from '../../ui/arrival-focus.js';
import { Badge, type BadgeVocabulary } from '../../ui/badge.js';
import { TextField } from '../../ui/field.js';
import { DEVICE_PROBLEM_STATUS_WORDS, REQUEST_STATUS_WORDS } from '../../words.js';

/** The page's heading (and the document's title); focused when the page is reached inside the app. */
export function PortalHeader(props: { title: string; children?: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useArrivalFocus(heading);
  useEffect(() => {
    document.title = `${props.title} · ${portalMe.value?.school.name ?? 'IT'} help`;
  }, [props.title]);
  return (
    <header class="page-header">
      <h1 ref={heading} tabIndex={-1}>
        {props.title}
      </h1>
      {props.children && <div class="page-actions">{props.children}</div>}
    </header>
  );
}

const REQUEST_STATUS: BadgeVocabulary<PortalTicket['status']> = {
  label: REQUEST_STATUS_WORDS,
  tone: { PENDING: 'warn', RESOLVED: 'ok' },
};

export const RequestStatus = (props: { status: PortalTicket['status'] }) => (
  <Badge of={REQUEST_STATUS} value={props.status} />
);

const DEVICE_PROBLEM_STATUS: BadgeVocabulary<keyof typeof DEVICE_PROBLEM_STATUS_WORDS> = {
  label: DEVICE_PROBLEM_STATUS_WORDS,
  tone: { RESOLVED: 'ok' },
};

export const DeviceProblemStatus = (props: { status: keyof typeof DEVICE_PROBLEM_STATUS_WORDS }) => (
  <Badge of={DEVICE_PROBLEM_STATUS} value={props.status} />
);

/** The school's largest file, in words: `10 MB`. */
export const largestFile = (): string => formatSize(portalMe.value?.maxFileBytes ?? 0);

/** The chosen files over the school's limit, said in words (or undefined when all fit). */
export function tooBig(files: readonly File[]): string | undefined {
  const max = portalMe.value?.maxFileBytes ?? Infinity;
  const big = files.filter((f) => f.size > max);
  if (big.length === 0) return undefined;
  return `${big.map((f) => f.name).join(', ')} ${big.length === 1 ? 'is' : 'are'} too big. Each file can be up to ${largestFile()}.`;
}

/**
 * Choosing photos or files to send with a request or a reply: a native file input, its label and
 * the school's limit as its hint, its message tied to it. `id` lets the form clear it after sending.
 */
export function FilesField(props: {
  id: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      id={props.id}
      label="Add a photo or file (optional)"
      type="file"
      multiple
      hint={`A photo of the problem helps. Each file can be up to ${largestFile()}.`}
      error={props.error ?? tooBig(props.files)}
      onChange={(e: Event) => props.onChange([...((e.currentTarget as HTMLInputElement).files ?? [])])}
    />
  );
}

/** Empties a file input after its files were sent. */
export function clearFiles(id: string): void {
  const input = document.getElementById(id) as HTMLInputElement | null;
  if (input) input.value = '';
}

/**
 * Sends each file to the request (or with one of the requester's replies, `commentId`), one after
 * the other; answers what could not be added, in words (empty when all were).
 */
export async function attachAll(ticketId: string, files: readonly File[], commentId?: string): Promise<string[]> {
  const failed: string[] = [];
  for (const file of files) {
    try {
      await attachToRequest(ticketId, file, commentId);
    } catch (e) {
      // A file over the limit is the body's fault: "is 12 MB; the school takes files up to 10 MB".
      const body = e instanceof ApiError ? e.field('body') : undefined;
      failed.push(body ? `${file.name} ${body}.` : `${file.name} was not added: ${messageOf(e)}`);
    }
  }
  return failed;
}

/** A list of files, each a download. */
export function FileLinks(props: { ticketId: string; files: readonly PortalFile[]; label: string }) {
  if (props.files.length === 0) return null;
  return (
    <ul class="portal-files" aria-label={props.label}>
      {props.files.map((f) => (
        <li key={f.id}>
          <a href={requestFileAddress(props.ticketId, f.id)} download={f.name}>
            {f.name}
          </a>{' '}
          <span class="portal-muted">({formatSize(f.size)})</span>
        </li>
      ))}
    </ul>
  );
}

/** A message for one field, thrown before anything is sent (the form shows it beside the field). */
export const fieldProblem = (field: string, message: string): ApiError =>
  new ApiError(400, 'invalid-input', '', '', new Map([[field, message]]));

/** The server's words as a sentence: a capital first, a full stop last. */
export const sentence = (words: string): string => {
  const trimmed = words.trim();
  if (!trimmed) return trimmed;
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};
