import type { SchoolPlanStatus, SchoolSubscription } from '@kib/core';
import { useEffect, useId, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useLanguage, useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { RegisterSchoolForm } from './register-school-form';
import {
  isSubscribed,
  sectionPath,
  useSchoolAdminData,
  useSchoolScope,
  type SchoolScope,
  type SubscribedSchool,
} from './school-admin-data';
import {
  dayText,
  NoticeRegion,
  SchoolPageFrame,
  SchoolPageWait,
  SchoolTable,
  useNotice,
  type Notice,
  type NoticeProps,
} from './school-admin-ui';
import { SchoolCodeForm } from './school-code-form';

/**
 * The home of a school's dashboard (/schooladmin, and a platform admin's
 * /platformAdmin/schools/{id}), by the states of spec 03 §4: a school admin without a school
 * registers it; a school that never redeemed a school code is asked for one; else the dashboard
 * (the school, its plan, and the form that redeems another code). The first time the school
 * admin's dashboard opens in a visit, a school without teachers starts on the registration codes
 * instead (spec 03 §2).
 */
export function SchoolHomePage() {
  const t = useT();
  const scope = useSchoolScope();
  const data = useSchoolAdminData(scope);
  const notice = useNotice();
  const loaded = data.data !== undefined;
  // Once the home has shown the school in this visit (in any state), it is no longer the first arrival.
  useEffect(() => {
    if (loaded && scope.homeShown) scope.homeShown.current = true;
  }, [loaded, scope]);

  if (!data.data) return <SchoolPageWait title={t('school-admin.home-title')} query={data} scope={scope} />;
  const school = data.data;
  if (!school.institutionData)
    return (
      <SchoolPageFrame title={t('school-admin.register-title')}>
        <NoticeRegion {...notice.region} />
        <p className="school-admin-lead">{t('school-admin.register-lead')}</p>
        <RegisterSchoolForm scope={scope} onRegistered={() => notice.show(t('school-admin.registered'))} />
      </SchoolPageFrame>
    );
  if (!isSubscribed(school))
    return (
      <FirstCode
        scope={scope}
        institutionId={school.institutionData.id}
        name={school.institutionData.name}
        notice={notice.region}
        onRedeemed={() => notice.show(t('school-admin.plan-started'))}
      />
    );
  return <DashboardStart scope={scope} school={school} notice={notice} />;
}

/** A registered school that has no plan yet: where its school code comes from, and the form to redeem it. */
function FirstCode({
  scope,
  institutionId,
  name,
  notice,
  onRedeemed,
}: {
  scope: SchoolScope;
  institutionId: number;
  name: string;
  notice: NoticeProps;
  onRedeemed: () => void;
}) {
  const t = useT();
  const headingId = useId();
  return (
    <SchoolPageFrame title={t('school-admin.code-title')} school={name}>
      <NoticeRegion {...notice} />
      <p className="school-admin-lead">{t('school-admin.code-lead')}</p>
      <section className="card school-admin-form" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('school-admin.code-form-title')}</h2>
        <p className="school-admin-lead">{t('school-admin.code-where')}</p>
        <SchoolCodeForm
          scope={scope}
          institutionId={institutionId}
          labelledBy={headingId}
          submitLabel={t('school-admin.code-submit')}
          onRedeemed={onRedeemed}
        />
      </section>
    </SchoolPageFrame>
  );
}

/**
 * Where the dashboard starts: when the school admin's first arrival at the home in a visit finds a
 * school without teachers, it goes on to the registration codes (with the navigation's state);
 * later arrivals, and a plan just started here, stay on the home.
 */
function DashboardStart({
  scope,
  school,
  notice,
}: {
  scope: SchoolScope;
  school: SubscribedSchool;
  notice: Notice;
}) {
  const location = useLocation();
  const [startOnCodes] = useState(
    () => scope.homeShown !== undefined && !scope.homeShown.current && school.teachersData.length === 0,
  );
  if (startOnCodes) return <Navigate to={sectionPath(scope, 'codes')} replace state={location.state} />;
  return <SchoolHome scope={scope} school={school} notice={notice} />;
}

const STATUS_KEYS: Record<SchoolPlanStatus, string> = {
  active: 'school-admin.plan-active',
  full: 'school-admin.plan-full',
  ended: 'school-admin.plan-ended',
};

/** The dashboard's home: the school's plan and its details, and the form that redeems another code. */
function SchoolHome({
  scope,
  school,
  notice,
}: {
  scope: SchoolScope;
  school: SubscribedSchool;
  notice: Notice;
}) {
  const t = useT();
  const institution = school.institutionData;
  const subscription = school.subscription;
  const codeHeadingId = useId();
  const detailsId = useId();
  const noTeachers = school.teachersData.length === 0;
  return (
    <SchoolPageFrame title={institution.name}>
      <NoticeRegion {...notice.region} />
      {subscription.status !== 'active' && <PlanWarning subscription={subscription} />}
      {noTeachers && (
        <Alert tone="info">
          {t('school-admin.no-teachers-yet')}{' '}
          <Link to={sectionPath(scope, 'codes')}>{t('school-admin.go-to-codes')}</Link>
        </Alert>
      )}
      <div className="school-admin-cards">
        <PlanCard scope={scope} subscription={subscription} />
        <section className="card school-admin-card" aria-labelledby={detailsId}>
          <h2 id={detailsId}>{t('school-admin.details-title')}</h2>
          <dl className="school-admin-facts">
            <div>
              <dt>{t('school-admin.city')}</dt>
              <dd>
                {[institution.city.name, institution.territorialEntity?.name, institution.country?.name]
                  .filter(Boolean)
                  .join(', ')}
              </dd>
            </div>
            <div>
              <dt>{t('school-admin.address')}</dt>
              <dd>{institution.address || t('school-admin.not-given')}</dd>
            </div>
            <div>
              <dt>{t('school-admin.email')}</dt>
              <dd>{institution.email}</dd>
            </div>
            <div>
              <dt>{t('school-admin.telephone')}</dt>
              <dd>{institution.telephone}</dd>
            </div>
          </dl>
        </section>
      </div>
      <section className="card school-admin-form" aria-labelledby={codeHeadingId}>
        <h2 id={codeHeadingId}>{t('school-admin.more-code-title')}</h2>
        <p className="school-admin-lead">{t('school-admin.more-code-lead')}</p>
        <SchoolCodeForm
          scope={scope}
          institutionId={institution.id}
          labelledBy={codeHeadingId}
          submitLabel={t('school-admin.more-code-submit')}
          onRedeemed={() => notice.show(t('school-admin.plan-grown'))}
        />
      </section>
      <RedeemedCodes subscription={subscription} />
    </SchoolPageFrame>
  );
}

/** Why teachers are held back when the plan is full or over, and what brings them back. */
function PlanWarning({ subscription }: { subscription: SchoolSubscription }) {
  const t = useT();
  return (
    <Alert tone="warning">
      <p className="school-admin-alert-text">
        <strong>
          {subscription.status === 'full'
            ? t('school-admin.full-title')
            : t('school-admin.ended-title', { date: dayText(subscription.planValidUntil) })}
        </strong>
      </p>
      <p className="school-admin-alert-text">
        {subscription.status === 'full' ? t('school-admin.full-text') : t('school-admin.ended-text')}
      </p>
    </Alert>
  );
}

/** The plan: its state in words, until when it runs, its students against its limit (a meter), its teachers. */
function PlanCard({ scope, subscription }: { scope: SchoolScope; subscription: SchoolSubscription }) {
  const t = useT();
  const { language } = useLanguage();
  const headingId = useId();
  const meterLabelId = useId();
  const number = new Intl.NumberFormat(language);
  const { students, studentLimit, status } = subscription;
  const studentsText = t('school-admin.students-of', {
    students: number.format(students),
    max: number.format(studentLimit),
  });
  return (
    <section className="card school-admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('school-admin.plan-title')}</h2>
      <dl className="school-admin-facts">
        <div>
          <dt>{t('school-admin.plan-state')}</dt>
          <dd>
            <span className={`school-admin-badge school-admin-badge-${status}`}>
              {t(STATUS_KEYS[status])}
            </span>
          </dd>
        </div>
        <div>
          <dt>{status === 'ended' ? t('school-admin.plan-ended-on') : t('school-admin.plan-until')}</dt>
          <dd>{dayText(subscription.planValidUntil)}</dd>
        </div>
        <div>
          <dt>{t('school-admin.teachers')}</dt>
          <dd>
            <Link to={sectionPath(scope, 'teachers')}>
              {t('school-admin.teacher-count', {
                count: subscription.teachers,
                teachers: number.format(subscription.teachers),
              })}
            </Link>
          </dd>
        </div>
      </dl>
      <div className="school-admin-use">
        <span id={meterLabelId}>{studentsText}</span>
        <div
          role="meter"
          className={status === 'full' ? 'school-admin-meter school-admin-meter-full' : 'school-admin-meter'}
          aria-labelledby={meterLabelId}
          aria-valuemin={0}
          aria-valuemax={Math.max(studentLimit, 1)}
          aria-valuenow={Math.min(students, Math.max(studentLimit, 1))}
          aria-valuetext={studentsText}
        >
          <div
            className="school-admin-meter-bar"
            style={{ width: `${studentLimit > 0 ? Math.min(100, (students / studentLimit) * 100) : 100}%` }}
          />
        </div>
      </div>
    </section>
  );
}

/** The school codes the school redeemed: each one's students and end, and whether it still runs. */
function RedeemedCodes({ subscription }: { subscription: SchoolSubscription }) {
  const t = useT();
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language);
  const now = Date.now();
  if (subscription.codes.length === 0) return null;
  return (
    <section className="school-admin-section">
      <SchoolTable caption={t('school-admin.redeemed-caption')}>
        <thead>
          <tr>
            <th scope="col">{t('school-admin.school-code')}</th>
            <th scope="col">{t('school-admin.redeemed-students')}</th>
            <th scope="col">{t('school-admin.redeemed-on')}</th>
            <th scope="col">{t('school-admin.plan-until')}</th>
            <th scope="col">{t('school-admin.plan-state')}</th>
          </tr>
        </thead>
        <tbody>
          {subscription.codes.map((code) => (
            <tr key={code.code}>
              <th scope="row" className="school-admin-code">
                {code.code}
              </th>
              <td>{number.format(code.numberOfStudents)}</td>
              <td className="school-admin-day">{dayText(code.redeemedAt)}</td>
              <td className="school-admin-day">{dayText(code.planValidUntil)}</td>
              <td>
                {code.revoked
                  ? t('school-admin.redeemed-revoked')
                  : Date.parse(code.planValidUntil) < now
                    ? t('school-admin.redeemed-over')
                    : t('school-admin.redeemed-running')}
              </td>
            </tr>
          ))}
        </tbody>
      </SchoolTable>
    </section>
  );
}
