import { Fragment } from 'react';
import { linkText, safeExternalUrl } from '../../../shared/links';
import { htmlToText } from '../../../shared/text';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)\]]/gi;

/** Text from the wire, never markup: tags are dropped, and only http(s) links become links. */
/** `openLink` opens a link of the text (main checks it and hands it to the browser). */
export function RichText({ body, openLink }: { body: string; openLink: (url: string) => void }) {
  const text = htmlToText(body);
  const pieces: (string | { url: string; text: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = safeExternalUrl(match[0]);
    if (!url) continue;
    // The browser gets the parsed (punycode) address; a look-alike host is shown that way too.
    pieces.push(text.slice(last, match.index), { url: url.href, text: linkText(match[0]) });
    last = (match.index ?? 0) + match[0].length;
  }
  pieces.push(text.slice(last));
  return (
    <>
      {pieces.map((piece, i) =>
        typeof piece === 'string' ? (
          <Fragment key={i}>{piece}</Fragment>
        ) : (
          <a
            key={i}
            href={piece.url}
            rel="noreferrer noopener"
            onClick={(event) => {
              // Never navigates the app: main validates the link again and opens the browser.
              event.preventDefault();
              openLink(piece.url);
            }}
          >
            {piece.text}
          </a>
        ),
      )}
    </>
  );
}
