/**
 * The API's paths the web app has always called, and the few added since (docs/api.md), as
 * Fastify-style patterns.
 * The server registers them as they are; the web app fills them with `buildPath`.
 */
export const apiPaths = {
  login: '/api/user/login/',
  register: '/api/user/register/',
  /** The e-mail address an invitation was sent to, read by its token to fill in sign-up. */
  invitationEmail: '/api/user/invitation/',
  sendOtp: '/api/user/send_otp/',
  profile: '/api/user/profile/',
  changePassword: '/api/user/changepassword/',
  forgotPassword: '/api/user/send-reset-password-email/',
  resetPassword: '/api/user/reset-password/:id/:token/',
  google: '/api/user/social/google/',
  googleRegister: '/api/user/social/google/register/',
  refresh: '/api/user/refresh_token/',
  logout: '/api/user/logout/',
  config: '/api/config/',
  students: '/management/students/',
  student: '/management/students/:id/',
  updateStudents: '/management/update_students/',
  standards: '/management/standard/',
  standard: '/management/standard/:id/',
  messages: '/api/message/',
  message: '/api/message/:id/',
  messageRead: '/api/message/:id/read/',
  events: '/api/events/',
  health: '/healthz',
  ready: '/readyz',
} as const;

/** The web app's routes (docs/product.md, "Screens"). */
export const appRoutes = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:id/:token',
  /** Where the school's OpenID provider sends the browser back (its `redirect_uri`). */
  oidcCallback: '/login/oidc',
  /** The second step of a password sign-in (docs/web.md, "Two-step sign-in"). */
  secondStep: '/login/verify',
  dashboard: '/dashboard',
  projects: '/projects',
  tasks: '/tasks',
  students: '/students',
  /** Importing students from a spreadsheet, reached from the students screen. */
  studentsImport: '/students/import',
  /** One student's record, read-only for a viewer (docs/web.md, "A student's record"). */
  student: '/students/:id',
  standards: '/standards',
  /** The end of the school year (docs/web.md, "Year end"), reached from the standards screen. */
  yearEnd: '/standards/year-end',
  messages: '/messages',
  analytics: '/analytics',
  settings: '/settings',
  profile: '/profile',
  /** The bin (docs/history.md), reached from the students and standards screens. */
  recentlyDeleted: '/recently-deleted',
  /** Staff accounts, for admins only (docs/staff.md). */
  staff: '/staff',
  /** OneRoster: the export, API clients and who received what, for admins (docs/oneroster.md). */
  dataSharing: '/data-sharing',
} as const;
