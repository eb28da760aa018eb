import { Fragment } from 'react';

/**
 * An e-mail address that, when it must wrap, wraps before the @ or a dot instead of at
 * whichever letter reaches the edge; a part too long for the line still breaks inside.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className="break-words">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
