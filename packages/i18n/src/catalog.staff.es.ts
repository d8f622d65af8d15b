/**
 * The Spanish texts of the staff areas (teacher, school administrator, platform administrator,
 * creator) and of their dashboards, apart from the rest (`catalog.es.ts`): a page loads them when
 * it shows one of those (`loadTexts('staff')`), so a student never downloads them. A staff area's new
 * file is registered here and in `catalog.staff.en.ts`.
 */
import activityResultsWidgetEs from '../locales/widgets/activity-results.es.json' with { type: 'json' };
import platformAdminSiteEs from '../locales/site/platform-admin.es.json' with { type: 'json' };
import teacherSiteEs from '../locales/site/teacher.es.json' with { type: 'json' };
import classroomOverviewWidgetEs from '../locales/widgets/classroom-overview.es.json' with { type: 'json' };
import studentDetailWidgetEs from '../locales/widgets/student-detail.es.json' with { type: 'json' };
import teacherModulesSiteEs from '../locales/site/teacher-modules.es.json' with { type: 'json' };
import learningStandardsSiteEs from '../locales/site/learning-standards.es.json' with { type: 'json' };
import teacherClassroomSiteEs from '../locales/site/teacher-classroom.es.json' with { type: 'json' };
import teacherEmbedSiteEs from '../locales/site/teacher-embed.es.json' with { type: 'json' };
import schoolAdminSiteEs from '../locales/site/school-admin.es.json' with { type: 'json' };
import creatorSiteEs from '../locales/site/creator.es.json' with { type: 'json' };
import creatorFormSiteEs from '../locales/site/creator-form.es.json' with { type: 'json' };
import creatorModulesSiteEs from '../locales/site/creator-modules.es.json' with { type: 'json' };
import creatorStatsSiteEs from '../locales/site/creator-stats.es.json' with { type: 'json' };
import creatorReviewsSiteEs from '../locales/site/creator-reviews.es.json' with { type: 'json' };
import creatorAiSiteEs from '../locales/site/creator-ai.es.json' with { type: 'json' };
import creatorVariantsSiteEs from '../locales/site/creator-variants.es.json' with { type: 'json' };

/** The staff dashboards' widget areas. */
export const staffWidgetsEs = {
  'activity-results': activityResultsWidgetEs,
  'classroom-overview': classroomOverviewWidgetEs,
  'student-detail': studentDetailWidgetEs,
};

/** The staff areas of the site. */
export const staffSiteEs = {
  'platform-admin': platformAdminSiteEs,
  teacher: teacherSiteEs,
  'teacher-modules': teacherModulesSiteEs,
  'learning-standards': learningStandardsSiteEs,
  'teacher-classroom': teacherClassroomSiteEs,
  'teacher-embed': teacherEmbedSiteEs,
  'school-admin': schoolAdminSiteEs,
  'creator-modules': creatorModulesSiteEs,
  creator: { ...creatorSiteEs, form: creatorFormSiteEs },
  'creator-stats': creatorStatsSiteEs,
  'creator-reviews': creatorReviewsSiteEs,
  'creator-ai': creatorAiSiteEs,
  'creator-variants': creatorVariantsSiteEs,
};

/** Every staff text of the language, as i18next reads it. */
export const catalog = { ...staffWidgetsEs, ...staffSiteEs };
