import { homeFor, useUser } from '../../auth/auth';
import { useT } from '../../i18n/language';
import { AreaLayout, type AreaNavItem } from '../../layout/area-layout';
import { MessagePage } from '../../ui/message-page';
import './platform-admin.css';

/** The platform admin's home. */
export const PLATFORM_ADMIN_HOME = '/platformAdmin';

/**
 * The platform admin's menu, in order: each entry is a page of its own under /platformAdmin (with
 * its lazy route in app/routes.tsx); the area's home leads to the first, Schools (the spec's landing).
 */
export const PLATFORM_ADMIN_MENU: readonly {
  path: string;
  icon: AreaNavItem['icon'];
  labelKey: string;
}[] = [
  { path: 'schools', icon: 'school', labelKey: 'platform-admin.nav-schools' },
  { path: 'lms', icon: 'lms', labelKey: 'platform-admin.nav-lms' },
];

/** Is this user a platform admin? (The server decides again on every call.) */
export function isPlatformAdmin(user: { groups: readonly string[] } | null): boolean {
  return Boolean(user?.groups.includes('Platform Admin'));
}

/**
 * The platform admin's area (/platformAdmin/*, spec 03 "Platform administrator landing"): the
 * area's header and a menu of {@link PLATFORM_ADMIN_MENU}. Anybody else logged in who opens it is
 * told it is not for them, with a way to their own area.
 */
export function PlatformAdminLayout() {
  const t = useT();
  const user = useUser();
  const firstName = user?.firstName.trim() ?? '';
  const admin = isPlatformAdmin(user);
  return (
    <AreaLayout
      area="platform-admin"
      title={t('platform-admin.area-title')}
      home={PLATFORM_ADMIN_HOME}
      greeting={t('platform-admin.greeting', { name: firstName || t('platform-admin.default-name') })}
      navLabel={t('platform-admin.nav-label')}
      items={
        admin
          ? PLATFORM_ADMIN_MENU.map((entry) => ({
              to: `${PLATFORM_ADMIN_HOME}/${entry.path}`,
              icon: entry.icon,
              label: t(entry.labelKey),
            }))
          : []
      }
    >
      {admin ? undefined : <NoAccess />}
    </AreaLayout>
  );
}

/** Says that the area is for platform admins only, and leads to the reader's own area. */
export function NoAccess() {
  const t = useT();
  const user = useUser();
  return (
    <MessagePage
      className="platform-admin-page"
      title={t('platform-admin.no-access-title')}
      text={t('platform-admin.no-access-text')}
      home={user ? homeFor(user) : '/'}
      homeLabel={t('platform-admin.no-access-home')}
    />
  );
}
