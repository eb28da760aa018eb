import { appRoutes, texts } from '@um/contract';
import type { OutgoingMail } from './mailer.js';

/**
 * The mails of the auth flows. Each has a plain-text and an HTML part saying the same thing;
 * every value put into the HTML is escaped, even those the server made itself.
 */

const PRODUCT = texts.shell.title;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function page(paragraphs: string[]): string {
  const body = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n');
  return `<!doctype html>\n<html><body style="font-family: Inter, Arial, sans-serif; color: #0f172a">\n${body}\n</body></html>`;
}

function link(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
}

export function signupCodeMail(to: string, code: string, validMinutes: number): OutgoingMail {
  return {
    to,
    subject: `Your ${PRODUCT} sign-up code`,
    text: [
      `Your ${PRODUCT} sign-up code is ${code}`,
      '',
      `Enter it on the sign-up page within ${validMinutes} minutes. It works once.`,
      'If you did not ask to sign up, ignore this email; no account is created without the code.',
    ].join('\n'),
    html: page([
      `Your ${escapeHtml(PRODUCT)} sign-up code is <strong style="font-size: 1.4em; letter-spacing: 0.2em">${escapeHtml(code)}</strong>`,
      `Enter it on the sign-up page within ${validMinutes} minutes. It works once.`,
      'If you did not ask to sign up, ignore this email; no account is created without the code.',
    ]),
  };
}

/** Sent instead of a code when the address already has an account (no enumeration). */
export function accountExistsMail(to: string, appUrl: string): OutgoingMail {
  const loginUrl = `${appUrl}${appRoutes.login}`;
  const forgotUrl = `${appUrl}${appRoutes.forgotPassword}`;
  return {
    to,
    subject: `You already have a ${PRODUCT} account`,
    text: [
      `Someone asked to sign up to ${PRODUCT} with this address, which already has an account.`,
      '',
      `Log in: ${loginUrl}`,
      `Forgot your password? Reset it: ${forgotUrl}`,
      '',
      'If this was not you, ignore this email; nothing has changed.',
    ].join('\n'),
    html: page([
      `Someone asked to sign up to ${escapeHtml(PRODUCT)} with this address, which already has an account.`,
      `${link(loginUrl, 'Log in')} or, if you forgot your password, ${link(forgotUrl, 'reset it')}.`,
      'If this was not you, ignore this email; nothing has changed.',
    ]),
  };
}

export function passwordResetMail(
  to: string,
  resetUrl: string,
  validMinutes: number,
): OutgoingMail {
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: [
      `To choose a new ${PRODUCT} password, open this link:`,
      '',
      resetUrl,
      '',
      `The link works once, for ${validMinutes} minutes, and stops working if your password changes.`,
      'If you did not ask for this, ignore this email; your password stays as it is.',
    ].join('\n'),
    html: page([
      `To choose a new ${escapeHtml(PRODUCT)} password, ${link(resetUrl, 'open this link')}.`,
      `If the link does not open, copy this address into your browser:<br>${escapeHtml(resetUrl)}`,
      `The link works once, for ${validMinutes} minutes, and stops working if your password changes.`,
      'If you did not ask for this, ignore this email; your password stays as it is.',
    ]),
  };
}

export function invitationMail(
  to: string,
  inviteUrl: string,
  inviter: string,
  validDays: number,
): OutgoingMail {
  return {
    to,
    subject: `You are invited to ${PRODUCT}`,
    text: [
      `${inviter} invited you to ${PRODUCT}. To create your account, open this link:`,
      '',
      inviteUrl,
      '',
      `The link works once, for ${validDays} days, for this email address only.`,
      'If you did not expect this, ignore this email; no account is created without you.',
    ].join('\n'),
    html: page([
      `${escapeHtml(inviter)} invited you to ${escapeHtml(PRODUCT)}. ${link(inviteUrl, 'Create your account')}.`,
      `If the link does not open, copy this address into your browser:<br>${escapeHtml(inviteUrl)}`,
      `The link works once, for ${validDays} days, for this email address only.`,
      'If you did not expect this, ignore this email; no account is created without you.',
    ]),
  };
}

/** An admin reset someone's second step: they set it up again at their next sign-in. */
export function secondStepResetMail(to: string, admin: string, appUrl: string): OutgoingMail {
  const loginUrl = `${appUrl}/login`;
  return {
    to,
    subject: `Your ${PRODUCT} two-step sign-in was reset`,
    text: [
      `${admin} reset your two-step sign-in to ${PRODUCT}: your authenticator app, recovery codes and passkeys no longer work, and you were signed out everywhere.`,
      '',
      `Log in with your password at ${loginUrl} and set up a second step again from your profile (or when you are asked to).`,
      `If you did not ask for this, tell ${admin} or your school's administrator at once.`,
    ].join('\n'),
    html: page([
      `${escapeHtml(admin)} reset your two-step sign-in to ${escapeHtml(PRODUCT)}: your authenticator app, recovery codes and passkeys no longer work, and you were signed out everywhere.`,
      `${link(loginUrl, 'Log in')} with your password and set up a second step again from your profile (or when you are asked to).`,
      `If you did not ask for this, tell ${escapeHtml(admin)} or your school's administrator at once.`,
    ]),
  };
}
