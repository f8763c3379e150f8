import type { MailMessage } from '../../ports/mailer.js';
import type { LoanRow } from '../loans/loan.js';
import type { ReminderKind } from './reminder.js';

const KIND_WORDS: Readonly<Record<string, string>> = { LAPTOP: 'laptop', IPAD: 'iPad' };

/**
 * A reminder e-mail, plain text, one per loan. It goes To the holder (when they have an address)
 * and as blind copies to each guardian and the school's copy address, so the family's addresses
 * are never shown to each other or to the pupil: a separated parent's address stays theirs.
 */
export function reminderMail(input: {
  school: string;
  loan: Pick<LoanRow, 'number' | 'kind' | 'serial' | 'dueDate' | 'groupName' | 'holderName'>;
  kind: ReminderKind;
  today: string;
  text: string | null;
  holderAddress: string | null;
  recipients: readonly string[];
}): MailMessage {
  const { school, loan, kind, today } = input;
  const device = KIND_WORDS[loan.kind] ?? loan.kind.toLowerCase();
  const overdue = loan.dueDate !== null && loan.dueDate < today;
  const subject =
    kind === 'due_soon'
      ? `Due back tomorrow: ${school} ${device} ${loan.serial}`
      : overdue
        ? `Overdue: please return the ${school} ${device} ${loan.serial}`
        : `Reminder: the ${school} ${device} ${loan.serial}`;
  const due = loan.dueDate
    ? `${loan.dueDate}${kind === 'due_soon' ? ' (tomorrow)' : overdue ? ' (overdue)' : ''}`
    : 'no date set';
  const lines = [
    'Hello,',
    '',
    kind === 'due_soon'
      ? `A ${device} lent by ${school} is due back tomorrow.`
      : overdue
        ? `A ${device} lent by ${school} was due back on ${loan.dueDate} and has not been returned yet.`
        : `This is a reminder from ${school} about a ${device} on loan.`,
    '',
    `Device: ${device}, serial ${loan.serial} (loaner ${loan.number})`,
    ...(loan.holderName ? [`Borrowed by: ${loan.holderName}`] : []),
    `Due back: ${due}`,
    `Where to bring it: ${loan.groupName}`,
    ...(input.text ? ['', input.text] : []),
    '',
    'If it has already been returned, please ignore this message.',
    '',
    school,
    '',
  ];
  const to = input.holderAddress && input.recipients.includes(input.holderAddress) ? [input.holderAddress] : [];
  const bcc = input.recipients.filter((a) => !to.includes(a));
  return { to, bcc, subject, text: lines.join('\n') };
}
