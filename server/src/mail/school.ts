import type { Mailer, OutgoingMail } from './mailer.js';
import { escapeHtml } from './templates.js';

/**
 * Names the school in every mail when the deployment has a name (`SCHOOL_NAME`): after the
 * subject, and as the last line of the text and the HTML. Done once here, around the mailer,
 * so that no mail of any feature leaves without it.
 */
export function namingTheSchool(mailer: Mailer, schoolName: string | null): Mailer {
  if (!schoolName) return mailer;
  const named = (mail: OutgoingMail): OutgoingMail => ({
    ...mail,
    subject: `${mail.subject} · ${schoolName}`,
    text: `${mail.text}\n\n${schoolName}`,
    html: mail.html.replace('</body>', `<p>${escapeHtml(schoolName)}</p>\n</body>`),
  });
  return {
    send: (mail) => mailer.send(named(mail)),
    verify: () => mailer.verify(),
    close: () => mailer.close(),
  };
}
