/**
 * A strict Content-Security-Policy: no inline script anywhere (the spec keeps tokens in local
 * storage, so script injection must have nowhere to run). Google Identity Services is the one
 * outside origin, allowed only for its script, its button frame and its stylesheet.
 */
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", `${GOOGLE_GSI}client`],
  styleSrc: ["'self'", `${GOOGLE_GSI}style`],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", GOOGLE_GSI],
  frameSrc: [GOOGLE_GSI],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};
