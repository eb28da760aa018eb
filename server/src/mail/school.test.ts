import { apiPaths } from '@um/contract';
import { describe, expect, it } from 'vitest';
import { dialects, useTestApp } from '../test/harness.js';
import { useSmtpCatcher } from '../test/smtp-catcher.js';

const SCHOOL = "St. Mary's <Primary> & Nursery";

describe.each(dialects)('the school named by SCHOOL_NAME, on %s', (dialect) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(dialect, () => ({ smtpUrl: smtp.url, schoolName: SCHOOL }));

  it('tells the web app the school name for its page title and printed lists', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPaths.config });
    expect(response.json()).toEqual({
      google_client_id: null,
      oidc_name: null,
      school_name: SCHOOL,
    });
  });

  it('names the school in the subject, the text and the escaped HTML of every mail', async () => {
    const email = `named-${Date.now()}@school.test`;
    const sent = await t.app.inject({ method: 'POST', url: apiPaths.sendOtp, payload: { email } });
    expect(sent.statusCode).toBe(200);
    const [mail] = await smtp.waitForMails(email);
    expect(mail?.subject).toMatch(/ · St\. Mary's <Primary> & Nursery$/);
    expect(mail?.text.trimEnd().endsWith(SCHOOL)).toBe(true);
    expect(mail?.html).toContain('St. Mary&#39;s &lt;Primary&gt; &amp; Nursery');
    expect(mail?.html).not.toContain('<Primary>');
  });
});
