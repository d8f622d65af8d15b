import { loadTexts, type TextPart } from '@kib/i18n';
import { Navigate, Outlet, useLocation, useParams, type RouteObject } from 'react-router';
import { LoadingScreen, RequireAuth } from '../auth/require-auth';
import { PublicLayout } from '../layout/public-layout';
import { solveRouteLoader, studentAreaLoader } from '../pages/student/student-prefetch';

type Lazy = RouteObject['lazy'];

/**
 * A lazily loaded page: each page is its own chunk. A page that shows a part of the texts kept apart
 * (`staff`: the staff areas') loads it beside its chunk and shows once both are here.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType, texts?: TextPart): Lazy {
  return async () => {
    const [module] = await Promise.all([load(), texts ? loadTexts(texts) : undefined]);
    return { Component: pick(module) };
  };
}

/**
 * A logged-in area at `path`: 'loading...' first and /login when logged out (RequireAuth), then the
 * area's lazily loaded `layout` around its `pages`; its `loader` may ask for their data meanwhile.
 */
function loggedInArea(
  path: string,
  layout: Lazy,
  pages: RouteObject[],
  loader?: RouteObject['loader'],
): RouteObject {
  return {
    path,
    loader,
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [{ lazy: layout, children: pages }],
  };
}

/**
 * A school's dashboard (spec 03 §2 "School administrator landing"): its home, teachers, classrooms
 * and registration codes, below the school admin's area and the platform admin's view of a school
 * (whose frame tells the pages which school they are about).
 */
function schoolPages(): RouteObject[] {
  return [
    {
      index: true,
      lazy: page(
        () => import('../pages/school-admin/school-home-page'),
        (m) => m.SchoolHomePage,
      ),
    },
    {
      path: 'teachers',
      lazy: page(
        () => import('../pages/school-admin/school-teachers-page'),
        (m) => m.SchoolTeachersPage,
      ),
    },
    {
      path: 'classrooms',
      lazy: page(
        () => import('../pages/school-admin/school-classrooms-page'),
        (m) => m.SchoolClassroomsPage,
      ),
    },
    {
      path: 'codes',
      lazy: page(
        () => import('../pages/school-admin/school-codes-page'),
        (m) => m.SchoolCodesPage,
      ),
    },
  ];
}

/** An older /schoolAdmin/… address: the same page of /schooladmin, with its query. */
function ToSchoolAdmin() {
  const rest = useParams()['*'] ?? '';
  const { search, hash } = useLocation();
  return <Navigate to={`/schooladmin${rest ? `/${rest}` : ''}${search}${hash}`} replace />;
}

/** The creator area's home: the problem table, with the filters of the address. */
function ToCreatorProblems() {
  const { search } = useLocation();
  return <Navigate to={`problems${search}`} replace />;
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
        // The phone's page of a phone-photo link (no login: the token is in the address's fragment).
        path: 'photo',
        lazy: page(
          () => import('../pages/photo/photo-page'),
          (m) => m.PhotoPage,
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
        loader: solveRouteLoader,
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
        loader: solveRouteLoader,
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
    // Its pages' classrooms leave beside users/me, not after it.
    studentAreaLoader,
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
      'staff',
    ),
  },
  // The platform admin's area: one page per entry of its menu (PLATFORM_ADMIN_MENU); its home is
  // the first. Anybody else logged in is told the area is not for them.
  loggedInArea(
    'platformAdmin',
    page(
      () => import('../pages/platform-admin/platform-admin-layout'),
      (m) => m.PlatformAdminLayout,
      'staff',
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
      // A school's own pages, as its admin sees them (the home, teachers, classrooms and codes).
      {
        path: 'schools/:institutionId',
        lazy: page(
          () => import('../pages/platform-admin/school-view'),
          (m) => m.SchoolView,
        ),
        children: schoolPages(),
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
      'staff',
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
      // A classroom's landing: its tabs Overview, Assignments, Students and Mastery, and below them an
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
          {
            path: 'mastery',
            lazy: page(
              () => import('../pages/teacher/classroom/mastery-page'),
              (m) => m.MasteryPage,
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
  // The Teachers' menu of spec 01 §2: /teacherview/creationTool (new problem) and /teacherview (the
  // problem list) are the creator area's creation tool and problem table.
  { path: 'teacherview/creationTool', element: <Navigate to="/creator/tool" replace /> },
  { path: 'teacherview/*', element: <Navigate to="/creator/problems" replace /> },
  // The school administrator's area: the school's home (registration, school code or dashboard),
  // teachers, classrooms and registration codes. Its paths are case-sensitive, so the older
  // /schoolAdmin addresses can lead here, to the same page.
  {
    ...loggedInArea(
      'schooladmin',
      page(
        () => import('../pages/school-admin/school-admin-layout'),
        (m) => m.SchoolAdminLayout,
        'staff',
      ),
      [
        ...schoolPages(),
        {
          path: '*',
          lazy: page(
            () => import('../pages/errors/no-route-page'),
            (m) => m.NoRoutePage,
          ),
        },
      ],
    ),
    caseSensitive: true,
  },
  { path: 'schoolAdmin/*', caseSensitive: true, element: <ToSchoolAdmin /> },
  // The creator's area (spec 02 §2): the problem table (its home, at /problems) and the creation tool
  // (/tool for a new problem, /tool/:problemId to edit one), for creators, supervisors and teachers.
  // Anybody else logged in is told the area is not for them.
  loggedInArea(
    'creator',
    page(
      () => import('../pages/creator/creator-layout'),
      (m) => m.CreatorLayout,
      'staff',
    ),
    [
      { index: true, element: <ToCreatorProblems /> },
      {
        path: 'problems',
        lazy: page(
          () => import('../pages/creator/problems-page'),
          (m) => m.ProblemsPage,
        ),
      },
      {
        path: 'graphertool',
        lazy: page(
          () => import('../pages/creator/grapher/grapher-page'),
          (m) => m.GrapherPage,
        ),
      },
      {
        path: 'tool',
        lazy: page(
          () => import('../pages/creator/tool-page'),
          (m) => m.ToolPage,
        ),
      },
      {
        path: 'tool/:problemId',
        lazy: page(
          () => import('../pages/creator/tool-page'),
          (m) => m.ToolPage,
        ),
      },
      {
        path: 'creatorstats',
        lazy: page(
          () => import('../pages/creator/stats/creator-stats-page'),
          (m) => m.CreatorStatsPage,
        ),
      },
      {
        path: 'reviews',
        lazy: page(
          () => import('../pages/creator/reviews/reviews-page'),
          (m) => m.ReviewsPage,
        ),
      },
      {
        path: 'reviews/:problemId',
        lazy: page(
          () => import('../pages/creator/reviews/review-page'),
          (m) => m.ReviewPage,
        ),
      },
      {
        path: 'tempmodulecreator',
        lazy: page(
          () => import('../pages/creator/modules/creator-module-builder-page'),
          (m) => m.CreatorModuleBuilderPage,
        ),
      },
      {
        path: 'modules',
        lazy: page(
          () => import('../pages/creator/modules/creator-modules-page'),
          (m) => m.CreatorModulesPage,
        ),
      },
      { path: 'logout', element: <Navigate to="/logout" replace /> },
      {
        path: '*',
        lazy: page(
          () => import('../pages/errors/no-route-page'),
          (m) => m.NoRoutePage,
        ),
      },
    ],
  ),
];

/** The route table: every page under one root that shows 'loading...' while a first page loads. */
export const ROUTES: RouteObject[] = [{ HydrateFallback: LoadingScreen, children: PAGES }];
