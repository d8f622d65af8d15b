import { Navigate, Outlet, type RouteObject } from 'react-router';
import { LoadingScreen, RequireAuth } from '../auth/require-auth';
import { PublicLayout } from '../layout/public-layout';

type Lazy = RouteObject['lazy'];

/** A lazily loaded page: each page is its own chunk. */
function page<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): Lazy {
  return async () => ({ Component: pick(await load()) });
}

/**
 * A logged-in area at `path`: 'loading...' first and /login when logged out (RequireAuth), then the
 * area's lazily loaded `layout` around its `pages`.
 */
function loggedInArea(path: string, layout: Lazy, pages: RouteObject[]): RouteObject {
  return {
    path,
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [{ lazy: layout, children: pages }],
  };
}

/**
 * Every route of the site (spec 01 §2, spec 03 §2). Public pages share the landing navigation;
 * private ones are wrapped in RequireAuth ('loading...' first, /login when logged out). Solve pages
 * take their problem from the query string (`?problem=12&module=3&classroom=2`), so a reload or a
 * shared link opens the same problem.
 */
const PAGES: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      {
        index: true,
        lazy: page(
          () => import('../pages/landing/landing-page'),
          (m) => m.LandingPage,
        ),
      },
      {
        path: 'login',
        lazy: page(
          () => import('../pages/account/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'signup',
        lazy: page(
          () => import('../pages/account/signup-page'),
          (m) => m.SignupPage,
        ),
      },
      {
        path: 'logout',
        lazy: page(
          () => import('../pages/account/logout-page'),
          (m) => m.LogoutPage,
        ),
      },
      {
        path: 'activate/:uid/:token',
        lazy: page(
          () => import('../pages/account/activate-page'),
          (m) => m.ActivatePage,
        ),
      },
      {
        path: 'password/reset',
        lazy: page(
          () => import('../pages/account/reset-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: 'password/reset/confirm/:uid/:token',
        lazy: page(
          () => import('../pages/account/reset-confirm-page'),
          (m) => m.ResetPasswordConfirmPage,
        ),
      },
      {
        path: 'demo',
        lazy: page(
          () => import('../pages/demo/demo-video-page'),
          (m) => m.DemoVideoPage,
        ),
      },
      {
        path: 'code/student',
        lazy: page(
          () => import('../pages/code/code-student-page'),
          (m) => m.CodeStudentPage,
        ),
      },
      {
        path: 'code/student/solve',
        lazy: page(
          () => import('../pages/code/code-solve-page'),
          (m) => m.CodeSolvePage,
        ),
      },
      {
        path: 'not-supported',
        lazy: page(
          () => import('../pages/errors/not-supported-page'),
          (m) => m.NotSupportedPage,
        ),
      },
      {
        path: '*',
        lazy: page(
          () => import('../pages/errors/no-route-page'),
          (m) => m.NoRoutePage,
        ),
      },
    ],
  },
  {
    path: 'demo/student',
    lazy: page(
      () => import('../pages/student/demo-layout'),
      (m) => m.DemoLayout,
    ),
    children: [
      {
        index: true,
        lazy: page(
          () => import('../pages/student/practice-page'),
          (m) => m.PracticePage,
        ),
      },
      {
        path: 'modules/solve',
        lazy: page(
          () => import('../pages/student/solve-page'),
          (m) => m.SolvePage,
        ),
      },
    ],
  },
  loggedInArea(
    'student',
    page(
      () => import('../pages/student/student-layout'),
      (m) => m.StudentLayout,
    ),
    [
      {
        index: true,
        lazy: page(
          () => import('../pages/student/home-page'),
          (m) => m.StudentHomePage,
        ),
      },
      {
        path: 'classrooms',
        lazy: page(
          () => import('../pages/student/classrooms-page'),
          (m) => m.ClassroomsPage,
        ),
      },
      {
        path: 'classroom/:classroomId',
        lazy: page(
          () => import('../pages/student/classroom-page'),
          (m) => m.ClassroomPage,
        ),
      },
      {
        path: 'modules',
        lazy: page(
          () => import('../pages/student/modules-page'),
          (m) => m.ModulesPage,
        ),
      },
      {
        path: 'rendermodule',
        lazy: page(
          () => import('../pages/student/module-page'),
          (m) => m.ModulePage,
        ),
      },
      {
        path: 'solve',
        lazy: page(
          () => import('../pages/student/solve-page'),
          (m) => m.SolvePage,
        ),
      },
      {
        path: 'practice',
        lazy: page(
          () => import('../pages/student/practice-page'),
          (m) => m.PracticePage,
        ),
      },
      {
        path: 'feedback',
        lazy: page(
          () => import('../pages/student/feedback-page'),
          (m) => m.FeedbackPage,
        ),
      },
    ],
  ),
  // The LMS pages (spec 03 "LTI screens") open inside an LMS frame, without the site's navigation:
  // /moodlelogin exchanges a launch's one-time code, the others need the session it gives.
  {
    path: 'moodlelogin',
    lazy: page(
      () => import('../pages/lti/moodle-login-page'),
      (m) => m.MoodleLoginPage,
    ),
  },
  {
    path: 'moodlestudent',
    lazy: page(
      () => import('../pages/lti/moodle-student-page'),
      (m) => m.MoodleStudentPage,
    ),
  },
  {
    path: 'moodleteacher',
    lazy: page(
      () => import('../pages/lti/moodle-teacher-page'),
      (m) => m.MoodleTeacherPage,
    ),
  },
  // The platform admin's area: one page per entry of its menu (PLATFORM_ADMIN_MENU); its home is
  // the first. Anybody else logged in is told the area is not for them.
  loggedInArea(
    'platformAdmin',
    page(
      () => import('../pages/platform-admin/platform-admin-layout'),
      (m) => m.PlatformAdminLayout,
    ),
    [
      { index: true, element: <Navigate to="schools" replace /> },
      {
        path: 'schools',
        lazy: page(
          () => import('../pages/platform-admin/schools-page'),
          (m) => m.SchoolsPage,
        ),
      },
      {
        path: 'lms',
        lazy: page(
          () => import('../pages/platform-admin/lms-page'),
          (m) => m.LmsPage,
        ),
      },
      {
        path: '*',
        lazy: page(
          () => import('../pages/errors/no-route-page'),
          (m) => m.NoRoutePage,
        ),
      },
    ],
  ),
  // The teacher's area: the classes page (its home) and the school page, the two entries of its
  // menu, and a classroom's bulk registration, reached from its card. Anybody else logged in is
  // told the area is not for them.
  loggedInArea(
    'teacher',
    page(
      () => import('../pages/teacher/teacher-layout'),
      (m) => m.TeacherLayout,
    ),
    [
      {
        index: true,
        lazy: page(
          () => import('../pages/teacher/classes-page'),
          (m) => m.ClassesPage,
        ),
      },
      // The teacher's modules and the module builder (`modules/new` makes a new module).
      {
        path: 'modules',
        lazy: page(
          () => import('../pages/teacher/modules/modules-page'),
          (m) => m.ModulesPage,
        ),
      },
      {
        path: 'modules/:moduleId',
        lazy: page(
          () => import('../pages/teacher/modules/module-builder-page'),
          (m) => m.ModuleBuilderPage,
        ),
      },
      {
        path: 'school',
        lazy: page(
          () => import('../pages/teacher/school-page'),
          (m) => m.SchoolPage,
        ),
      },
      {
        path: 'classroom/:classroomId/createRegisterStudents',
        lazy: page(
          () => import('../pages/teacher/register-students-page'),
          (m) => m.RegisterStudentsPage,
        ),
      },
      // A classroom's landing: its tabs Overview, Assignments and Students, and below them an
      // assignment's results and a student's record.
      {
        path: 'classroom/:classroomId',
        lazy: page(
          () => import('../pages/teacher/classroom/classroom-landing'),
          (m) => m.ClassroomLanding,
        ),
        children: [
          {
            index: true,
            lazy: page(
              () => import('../pages/teacher/classroom/overview-page'),
              (m) => m.OverviewPage,
            ),
          },
          {
            path: 'assignments',
            lazy: page(
              () => import('../pages/teacher/classroom/assignments-page'),
              (m) => m.AssignmentsPage,
            ),
          },
          {
            path: 'assignments/:moduleId',
            lazy: page(
              () => import('../pages/teacher/classroom/assignment-page'),
              (m) => m.AssignmentPage,
            ),
          },
          {
            path: 'students',
            lazy: page(
              () => import('../pages/teacher/classroom/students-page'),
              (m) => m.StudentsPage,
            ),
          },
          {
            path: 'students/:studentId',
            lazy: page(
              () => import('../pages/teacher/classroom/student-page'),
              (m) => m.StudentPage,
            ),
          },
        ],
      },
      {
        path: '*',
        lazy: page(
          () => import('../pages/errors/no-route-page'),
          (m) => m.NoRoutePage,
        ),
      },
    ],
  ),
  // The old teacher-view paths of the Teachers' menu lead to the module builder and the module list.
  { path: 'teacherview/creationTool', element: <Navigate to="/teacher/modules/new" replace /> },
  { path: 'teacherview/*', element: <Navigate to="/teacher/modules" replace /> },
  // The other areas (creator, school administrators) are private; their screens are not part of
  // the standalone site yet, so they say so in the spec's words instead of failing.
  ...['creator', 'schoolAdmin', 'schooladmin'].map((area): RouteObject => ({
    path: `${area}/*`,
    element: (
      <RequireAuth>
        <PublicLayout />
      </RequireAuth>
    ),
    children: [
      {
        path: '*',
        lazy: page(
          () => import('../pages/errors/not-supported-page'),
          (m) => m.NotSupportedPage,
        ),
      },
    ],
  })),
];

/** The route table: every page under one root that shows 'loading...' while a first page loads. */
export const ROUTES: RouteObject[] = [{ HydrateFallback: LoadingScreen, children: PAGES }];
