/**
 * Every user-facing text the product's screens show word for word (docs/product.md, "Texts"), one
 * constant per screen or area. The web app shows these, the server uses the validation ones, and
 * tests assert on them, so a wording change happens here and nowhere else.
 *
 * They are read as `texts.<area>` (contract/src/texts.ts), a namespace over modules of their own,
 * so that a bundle carries only the texts of the screens it holds: the login page, which has a size
 * budget of its own, does not download the students screen's texts.
 */
export * from './frame.js';
export * from './records.js';
export * from './sign-in.js';
export * from './sign-up.js';
