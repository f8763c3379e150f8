/**
 * A message's words: as the person wrote them, or, when it came by e-mail with HTML, as it looked.
 * The HTML is what the server's sanitizer kept (formatting, lists, tables, links; never a script, a
 * style or an image), so it is shown as it is; the console's Content-Security-Policy would stop
 * anything else anyway. One button shows the plain text instead, for a message that reads better so.
 */
import { useState } from 'preact/hooks';

export function MailBody(props: { text: string; html: string | null; class: string }) {
  const [plain, setPlain] = useState(false);
  if (props.html === null) return <p class={props.class}>{props.text}</p>;
  return (
    <div class="mail-body">
      {plain ? (
        <p class={props.class}>{props.text}</p>
      ) : (
        // Sanitised on the server (adapters/mail/html-sanitizer.ts) before it was ever stored.
        <div class={`${props.class} mail-html`} dangerouslySetInnerHTML={{ __html: props.html }} />
      )}
      <button type="button" class="link-button mail-body-switch" aria-pressed={plain} onClick={() => setPlain(!plain)}>
        {plain ? 'Show as it came by e-mail' : 'Show as plain text'}
      </button>
    </div>
  );
}
