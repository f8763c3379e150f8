/**
 * A list page's filter that is a choice (a status, a kind): its value lives in the address (`?status=`),
 * as the search box's text does (ui/search.tsx), so a reload or a shared link shows the same rows.
 */
import { setQuery } from '../router.js';
import { SelectField, type Choice } from './field.js';

export function QuerySelect(props: {
  readonly label: string;
  /** The query parameter it sets. */
  readonly param: string;
  readonly value: string;
  readonly choices: readonly Choice[];
}) {
  return (
    <SelectField
      label={props.label}
      value={props.value}
      onChange={(e: Event) => setQuery({ [props.param]: (e.currentTarget as HTMLSelectElement).value })}
      choices={props.choices}
    />
  );
}
