/** Every screen's path (SPEC §2), the one place routes, links and redirects take them from. */
export const paths = {
  login: '/',
  forgotPassword: '/forgot-password',
  forgotPasswordSuccess: '/forgot-password-success',
  forgotTotp: '/forgot-totp-qr-code',
  resetPassword: '/reset-password',
  sessionTimeOut: '/session-time-out',
  generateSuccess: '/generate/success',
  /** The credential link's page; the server writes the links (nothing in the console links here). */
  generate: '/generate/:apiId',
  /**
   * The partner API's reference (issue 36), public, under the API's own paths: the contract's
   * PARTNER_API_PREFIX and PARTNER_DOCS_PATH (written out: the login route carries this file;
   * quickstart.test.ts holds them equal).
   */
  apiReference: '/ccsc/api/v1/docs',
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    /** The mapping-standards section: every path under it highlights its menu entry. */
    artifact: '/admin/artifact',
    standards: '/admin/artifact/list-of-mapping-standards',
    createStandard: '/admin/artifact/create-new-standard',
    viewEditStandard: '/admin/artifact/view-edit-standard',
    /**
     * The documents exchanged (issue 17): the list, one document (`?documentId=…`), a study's
     * completeness at artifact level (`?studyId=…`), and one eTMF-EMS import (`?importId=…`).
     */
    documents: '/admin/documents',
    document: '/admin/documents/view',
    documentCompleteness: '/admin/documents/completeness',
    documentImport: '/admin/documents/import',
    /** A study's expected documents and document requests (`?studyId=…`, issue 35). */
    documentRequests: '/admin/documents/requests',
    /** Safety-letter distributions (issue 35 part D): the list, one's tracking (`?distributionId=…`). */
    distributions: '/admin/distributions',
    distribution: '/admin/distributions/view',
    users: '/admin/user-management',
    createUser: '/admin/user-management/create-user',
    editUser: '/admin/user-management/edit-user',
    generateApiCredentials: '/admin/generate-api-credentials',
    auditTrail: '/admin/audit-trail',
  },
} as const;
