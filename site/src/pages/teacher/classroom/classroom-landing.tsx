import type { ClassroomOverview } from '@kib/core';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useNavigationType, useParams } from 'react-router';
import { useT, type Translate } from '../../../i18n/language';
import { CopyButton } from '../../../ui/copy-button';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { registerStudentsPath, TEACHER_HOME } from '../teacher-data';
import { ClassroomNotFound, TeacherLoading } from '../teacher-ui';
import {
  assignmentsPath,
  classroomPath,
  idParam,
  masteryPath,
  studentsPath,
  useClassroomOverview,
} from './classroom-data';
import { ClassroomFailure, DocumentTitle, studentName } from './classroom-ui';
import './classroom.css';

/** The classroom's sections, each a route: its tabs. */
type Tab = 'overview' | 'assignments' | 'students' | 'mastery';

/** One step of the breadcrumb: a link, or the page the reader is on when `to` is absent. */
interface Crumb {
  label: string;
  to?: string;
}

/** Where in the classroom the reader is: the tab, the trail to it and the page's name. */
interface Place {
  tab: Tab;
  /** Whether the reader is on the tab's own page (not on an assignment or a student below it). */
  onTab: boolean;
  crumbs: Crumb[];
  /** The page's name, for the document title. */
  title: string;
}

/**
 * /teacher/classroom/{id} and the pages under it (spec 03 §2 "classroom landing"): a breadcrumb back
 * to the classrooms, the classroom's name, its registration code with a copy button,
 * a link to its bulk registration, the tabs Overview, Assignments, Students and Mastery as links (they are
 * routes), and the page of the current route below them, which reads the classroom from the outlet's
 * context. A classroom the server does not know, or that is another teacher's, is said not to be
 * there, with the way back to the classrooms; without a valid school plan the teacher is sent to the
 * school page, like the rest of the area.
 */
export function ClassroomLanding() {
  const classroomId = idParam(useParams().classroomId);
  if (classroomId === null) return <LandingNotFound />;
  return <LoadedClassroom key={classroomId} classroomId={classroomId} />;
}

/** Reads the classroom's overview; the landing shows once it is here. */
function LoadedClassroom({ classroomId }: { classroomId: number }) {
  const t = useT();
  const overview = useClassroomOverview(classroomId);
  if (overview.data) return <Landing overview={overview.data} />;
  if (overview.isError)
    return (
      <ClassroomFailure
        error={overview.error}
        retrying={overview.isFetching}
        onRetry={() => void overview.refetch()}
        notFound={<LandingNotFound />}
        title={t('teacher-classroom.title')}
      />
    );
  return (
    <div className="teacher-page classroom-landing">
      <DocumentTitle title={t('teacher-classroom.title')} />
      <h1>{t('teacher-classroom.title')}</h1>
      <TeacherLoading />
    </div>
  );
}

/** The classroom is not there (deleted, another teacher's, or a wrong address), named so in the document's title. */
function LandingNotFound() {
  const t = useT();
  useDocumentTitle(t('teacher.classroom-not-found-title'));
  return <ClassroomNotFound className="classroom-landing" />;
}

/** Where the reader is, from the address and the classroom's lists (for the names of its assignments and students). */
function placeOf(
  pathname: string,
  params: Readonly<Partial<Record<string, string>>>,
  overview: ClassroomOverview,
  t: Translate,
): Place {
  const { classroom } = overview;
  const home: Crumb = { label: t('teacher.classes-title'), to: TEACHER_HOME };
  const below = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  /** A tab's own page, or (with `detail`, the name of what it shows) a page below it. */
  const section = (tab: Tab, path: string, detail?: string): Place => {
    const label = t(`teacher-classroom.tab-${tab}`);
    const trail = [home, { label: classroom.name, to: classroomPath(classroom.id) }];
    return detail === undefined
      ? { tab, onTab: true, crumbs: [...trail, { label }], title: label }
      : { tab, onTab: false, crumbs: [...trail, { label, to: path }, { label: detail }], title: detail };
  };

  if (below(assignmentsPath(classroom.id))) {
    if (params.moduleId === undefined) return section('assignments', assignmentsPath(classroom.id));
    const moduleId = idParam(params.moduleId);
    const assignment = overview.assignments.find((a) => a.moduleId === moduleId);
    return section(
      'assignments',
      assignmentsPath(classroom.id),
      assignment?.name ?? t('teacher-classroom.assignment'),
    );
  }
  if (below(studentsPath(classroom.id))) {
    if (params.studentId === undefined) return section('students', studentsPath(classroom.id));
    const studentId = idParam(params.studentId);
    const student = overview.students.find((s) => s.id === studentId);
    return section(
      'students',
      studentsPath(classroom.id),
      (student && studentName(student, t)) || t('teacher-classroom.student'),
    );
  }
  if (below(masteryPath(classroom.id))) return section('mastery', masteryPath(classroom.id));
  return {
    tab: 'overview',
    onTab: true,
    crumbs: [home, { label: classroom.name }],
    title: t('teacher-classroom.tab-overview'),
  };
}

/** The landing around the current page. The focus goes to the classroom's heading after each move inside it. */
function Landing({ overview }: { overview: ClassroomOverview }) {
  const t = useT();
  const { classroom } = overview;
  const location = useLocation();
  const navigationType = useNavigationType();
  const params = useParams();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const place = placeOf(location.pathname, params, overview, t);
  useDocumentTitle(`${place.title} · ${classroom.name}`);

  // A link (a tab, a row, the breadcrumb) replaced the page: the reader starts again from its heading.
  // Coming back through the history (or opening the address) leaves the focus to the browser.
  useEffect(() => {
    if (navigationType !== 'POP') headingRef.current?.focus();
  }, [location.pathname, navigationType]);

  const tabs: { tab: Tab; to: string; label: string }[] = [
    { tab: 'overview', to: classroomPath(classroom.id), label: t('teacher-classroom.tab-overview') },
    { tab: 'assignments', to: assignmentsPath(classroom.id), label: t('teacher-classroom.tab-assignments') },
    { tab: 'students', to: studentsPath(classroom.id), label: t('teacher-classroom.tab-students') },
    { tab: 'mastery', to: masteryPath(classroom.id), label: t('teacher-classroom.tab-mastery') },
  ];

  return (
    <div className="teacher-page classroom-landing">
      <nav className="teacher-breadcrumb" aria-label={t('teacher.breadcrumb')}>
        <ol>
          {place.crumbs.map((crumb, index) => (
            <li key={index}>
              {crumb.to ? (
                <Link to={crumb.to}>{crumb.label}</Link>
              ) : (
                <span aria-current="page">{crumb.label}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="teacher-page-header">
        <h1 ref={headingRef} tabIndex={-1}>
          {classroom.name}
        </h1>
        <Link className="button button-secondary" to={registerStudentsPath(classroom.id)}>
          {t('teacher.register-link')}
        </Link>
      </div>
      <dl className="teacher-facts classroom-facts">
        <div>
          <dt>{t('teacher.registration-code')}</dt>
          <dd className="teacher-code-row">
            <span className="teacher-code">{classroom.code}</span>
            <CopyButton text={classroom.code}>{t('teacher.copy-code')}</CopyButton>
          </dd>
        </div>
      </dl>
      <nav className="classroom-tabs" aria-label={t('teacher-classroom.sections', { name: classroom.name })}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab.tab}>
              <Link
                to={tab.to}
                className="classroom-tab"
                data-active={tab.tab === place.tab || undefined}
                aria-current={tab.tab === place.tab ? (place.onTab ? 'page' : 'true') : undefined}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="classroom-section">
        <Outlet context={overview} />
      </div>
    </div>
  );
}
