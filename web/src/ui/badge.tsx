/**
 * A state as a word in a badge (a repair's status, a ticket's priority): the words and the tones are
 * a vocabulary's data, so every list and panel shows a state the same way. The colour only repeats
 * what the word says.
 */
export type Tone = 'ok' | 'warn' | 'danger';

export interface BadgeVocabulary<K extends string> {
  readonly label: Readonly<Record<K, string>>;
  /** The states that stand out; the others are plain. */
  readonly tone: Readonly<Partial<Record<K, Tone>>>;
}

export function Badge<K extends string>(props: { readonly of: BadgeVocabulary<K>; readonly value: K }) {
  const tone = props.of.tone[props.value];
  return <span class={tone ? `badge badge-${tone}` : 'badge'}>{props.of.label[props.value]}</span>;
}
