/**
 * The English texts of the staff areas (teacher, school administrator, platform administrator,
 * creator) and of their dashboards, apart from the rest (`catalog.en.ts`): a page loads them when
 * it shows one of those (`loadTexts('staff')`), so a student never downloads them. A staff area's new
 * file is registered here and in `catalog.staff.es.ts`.
 */
import activityResultsWidgetEn from '../locales/widgets/activity-results.en.json' with { type: 'json' };
import platformAdminSiteEn from '../locales/site/platform-admin.en.json' with { type: 'json' };
import teacherSiteEn from '../locales/site/teacher.en.json' with { type: 'json' };
import classroomOverviewWidgetEn from '../locales/widgets/classroom-overview.en.json' with { type: 'json' };
import studentDetailWidgetEn from '../locales/widgets/student-detail.en.json' with { type: 'json' };
import teacherModulesSiteEn from '../locales/site/teacher-modules.en.json' with { type: 'json' };
import learningStandardsSiteEn from '../locales/site/learning-standards.en.json' with { type: 'json' };
import teacherClassroomSiteEn from '../locales/site/teacher-classroom.en.json' with { type: 'json' };
import teacherEmbedSiteEn from '../locales/site/teacher-embed.en.json' with { type: 'json' };
import schoolAdminSiteEn from '../locales/site/school-admin.en.json' with { type: 'json' };
import creatorSiteEn from '../locales/site/creator.en.json' with { type: 'json' };
import creatorFormSiteEn from '../locales/site/creator-form.en.json' with { type: 'json' };
import creatorModulesSiteEn from '../locales/site/creator-modules.en.json' with { type: 'json' };
import creatorStatsSiteEn from '../locales/site/creator-stats.en.json' with { type: 'json' };
import creatorReviewsSiteEn from '../locales/site/creator-reviews.en.json' with { type: 'json' };
import creatorAiSiteEn from '../locales/site/creator-ai.en.json' with { type: 'json' };
import creatorVariantsSiteEn from '../locales/site/creator-variants.en.json' with { type: 'json' };

/** The staff dashboards' widget areas. */
const staffWidgetsEn = {
  'activity-results': activityResultsWidgetEn,
  'classroom-overview': classroomOverviewWidgetEn,
  'student-detail': studentDetailWidgetEn,
};

/** The staff areas of the site. */
const staffSiteEn = {
  'platform-admin': platformAdminSiteEn,
  teacher: teacherSiteEn,
  'teacher-modules': teacherModulesSiteEn,
  'learning-standards': learningStandardsSiteEn,
  'teacher-classroom': teacherClassroomSiteEn,
  'teacher-embed': teacherEmbedSiteEn,
  'school-admin': schoolAdminSiteEn,
  'creator-modules': creatorModulesSiteEn,
  creator: { ...creatorSiteEn, form: creatorFormSiteEn },
  'creator-stats': creatorStatsSiteEn,
  'creator-reviews': creatorReviewsSiteEn,
  'creator-ai': creatorAiSiteEn,
  'creator-variants': creatorVariantsSiteEn,
};

/** Every staff text of the language, as i18next reads it. */
export const catalog = { ...staffWidgetsEn, ...staffSiteEn };
