/**
 * The user groups (roles). A user's first group decides where they land after login (spec 01 §2).
 * `Supervisors` are the creators who review other creators' problems (spec 02 §6).
 */
export const GROUPS = [
  'Students',
  'Teachers',
  'Creators',
  'Supervisors',
  'School Admin',
  'Platform Admin',
  'LTITeacher',
  'LTIStudent',
] as const;

/** One of GROUPS. */
export type GroupName = (typeof GROUPS)[number];

/** Where each first group lands after login (spec 01 §2). */
export const HOME_ROUTE_BY_GROUP: Record<GroupName, string> = {
  Students: '/student',
  Teachers: '/teacher',
  Creators: '/creator',
  Supervisors: '/creator',
  'School Admin': '/schooladmin',
  'Platform Admin': '/platformAdmin',
  LTITeacher: '/moodleteacher',
  LTIStudent: '/moodlestudent',
};
