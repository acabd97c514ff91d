import { walkRoles } from './route-walk-support';

/** Issue 37's route walk (route-walk.spec.ts), its second half: a site's OrgAdmin and Auditor. */
walkRoles(['OrgAdmin', 'Auditor']);
