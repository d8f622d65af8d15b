import { loadTexts } from '@kib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../../auth/require-auth';
import { teacherActivityKey } from './code-api';
import { CodeEntry, type CodeNotice } from './code-entry';
import { CodeModule } from './code-module';
import { CodeRegister } from './code-register';
import { useCodeSession } from './code-session';
import './code.css';

/** A teacher's results, with the dashboards' texts: loaded only when a teacher code is entered. */
const CodeResults = lazy(() =>
  Promise.all([import('./code-results'), loadTexts('staff')]).then(([module]) => ({
    default: module.CodeResults,
  })),
);

/**
 * /code/student: an activity without an account (spec 03 §2). The code form with the
 * Estudiante/Profesor toggle; a student code leads to the name form and then to the module view; a
 * teacher code to the activity's results. The tab remembers the activity (code-session.ts), so a
 * reload or a visit to a problem comes back to the same screen.
 */
export function CodeStudentPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [session, setSession] = useCodeSession();
  const [pending, setPending] = useState<{ moduleCode: string; moduleName: string } | null>(null);
  const [notice, setNotice] = useState<CodeNotice | null>(null);
  // Screens reached from another screen of this page take the focus to their heading.
  const [moved, setMoved] = useState(false);

  const end = useCallback(
    (reason: CodeNotice) => {
      setSession(null);
      setPending(null);
      setNotice(reason);
    },
    [setSession],
  );
  const leaveResults = useCallback(() => {
    setSession(null);
    void navigate('/');
  }, [navigate, setSession]);
  const wrongTeacherCode = useCallback(() => end('wrong-code'), [end]);

  if (session?.role === 'teacher')
    return (
      <Suspense fallback={<LoadingScreen />}>
        <CodeResults
          moduleCode={session.moduleCode}
          focusHeading={moved}
          onLeave={leaveResults}
          onWrongCode={wrongTeacherCode}
        />
      </Suspense>
    );
  if (session?.role === 'student')
    return <CodeModule session={session} focusHeading={moved} onLeave={() => end('left')} onEnded={end} />;
  if (pending)
    return (
      <CodeRegister
        moduleCode={pending.moduleCode}
        moduleName={pending.moduleName}
        onRegistered={({ tempStudentId, access }) => {
          setSession({ role: 'student', moduleCode: pending.moduleCode, tempStudentId, access });
          setPending(null);
          setMoved(true);
        }}
        onWrongCode={() => end('wrong-code')}
        onBack={() => setPending(null)}
      />
    );
  return (
    <CodeEntry
      notice={notice}
      onStudentCode={(moduleCode, answer) => {
        setNotice(null);
        setPending({ moduleCode, moduleName: answer.moduleData.name });
      }}
      onTeacherCode={(moduleCode, answer) => {
        // The form already holds the results: the dashboard shows them without asking again.
        queryClient.setQueryData(teacherActivityKey(moduleCode), answer);
        setNotice(null);
        setSession({ role: 'teacher', moduleCode });
        setMoved(true);
      }}
    />
  );
}
