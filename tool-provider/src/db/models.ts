import type { Model, ModelStatic, Sequelize } from 'sequelize';
import { initModuleCodeModel, ModuleCode } from '../activities/module-code.model';
import {
  initTempModuleActivityModel,
  initTempStudentModel,
  TempModuleActivity,
  TempStudent,
} from '../activities/temp-activity.model';
import {
  Classroom,
  ClassroomLevel,
  ClassroomStudent,
  initClassroomLevelModel,
  initClassroomModel,
  initClassroomStudentModel,
} from '../classrooms/classroom.model';
import { ContactMessage, initContactMessageModel } from '../contact/contact-message.model';
import { Course, CourseTopic, initCourseModel, initCourseTopicModel } from '../content/course.model';
import { initSubtopicModel, Subtopic } from '../content/subtopic.model';
import { initTopicModel, Topic } from '../content/topic.model';
import {
  initModuleClassroomModel,
  initModuleLearningStandardModel,
  initModuleModel,
  initModuleProblemModel,
  initModuleSkillModel,
  initModuleStudentModel,
  initStudentModuleModel,
  Module,
  ModuleClassroom,
  ModuleLearningStandard,
  ModuleProblem,
  ModuleSkill,
  ModuleStudent,
  StudentModule,
} from '../modules/module.model';
import { initMultipleChoiceEntryModel, MultipleChoiceEntry } from '../problems/multiple-choice-entry.model';
import { initNumeralModel, Numeral } from '../problems/numeral.model';
import { initProblemReviewModel, ProblemReview } from '../problems/problem-review.model';
import {
  initProblemCoauthorModel,
  initProblemModel,
  Problem,
  ProblemCoauthor,
} from '../problems/problem.model';
import { initStepModel, Step } from '../problems/step.model';
import {
  EducationSystem,
  Grade,
  initEducationSystemModel,
  initGradeModel,
  initLearningStandardModel,
  initSkillModel,
  LearningStandard,
  Skill,
} from '../schools/education-system.model';
import {
  City,
  Country,
  initCityModel,
  initCountryModel,
  initTerritorialEntityModel,
  TerritorialEntity,
} from '../schools/geography.model';
import {
  initInstitutionAdminModel,
  initInstitutionModel,
  initInstitutionTeacherModel,
  initTeacherCodeModel,
  Institution,
  InstitutionAdmin,
  InstitutionTeacher,
  TeacherCode,
} from '../schools/institution.model';
import { initSubscriptionModel, Subscription } from '../schools/subscription.model';
import { Attempt, initAttemptModel } from '../solving/attempt.model';
import { initStatModel, Stat } from '../solving/stat.model';
import {
  Group,
  initGroupModel,
  initUserGroupModel,
  initUserModel,
  User,
  UserGroup,
} from '../users/user.model';

/** Every model class, by name. */
const MODELS = {
  User,
  Group,
  UserGroup,
  Country,
  TerritorialEntity,
  City,
  Course,
  Topic,
  CourseTopic,
  Subtopic,
  Problem,
  ProblemCoauthor,
  Numeral,
  Step,
  MultipleChoiceEntry,
  ProblemReview,
  ClassroomLevel,
  Classroom,
  ClassroomStudent,
  Module,
  ModuleProblem,
  ModuleClassroom,
  ModuleStudent,
  StudentModule,
  ModuleCode,
  TempModuleActivity,
  TempStudent,
  Stat,
  Attempt,
  Institution,
  Subscription,
  InstitutionTeacher,
  InstitutionAdmin,
  TeacherCode,
  EducationSystem,
  Grade,
  LearningStandard,
  Skill,
  ModuleSkill,
  ModuleLearningStandard,
  ContactMessage,
} as const;

/** Every model class of the domain, by class name, bound to a Sequelize instance by {@link initModels}. */
export type Models = typeof MODELS;

/**
 * Binds every model to `sequelize` and defines the associations, then returns them. The models
 * mirror the migrations (the source of truth) and never `sync`; associations declare no
 * constraints because the database owns them. Model classes are process-wide, so the last
 * `sequelize` passed wins (one database per process, or per test file).
 */
export function initModels(sequelize: Sequelize): Models {
  initUserModel(sequelize);
  initGroupModel(sequelize);
  initUserGroupModel(sequelize);
  initCountryModel(sequelize);
  initTerritorialEntityModel(sequelize);
  initCityModel(sequelize);
  initCourseModel(sequelize);
  initTopicModel(sequelize);
  initCourseTopicModel(sequelize);
  initSubtopicModel(sequelize);
  initProblemModel(sequelize);
  initProblemCoauthorModel(sequelize);
  initNumeralModel(sequelize);
  initStepModel(sequelize);
  initMultipleChoiceEntryModel(sequelize);
  initProblemReviewModel(sequelize);
  initClassroomLevelModel(sequelize);
  initClassroomModel(sequelize);
  initClassroomStudentModel(sequelize);
  initModuleModel(sequelize);
  initModuleProblemModel(sequelize);
  initModuleClassroomModel(sequelize);
  initModuleStudentModel(sequelize);
  initStudentModuleModel(sequelize);
  initModuleCodeModel(sequelize);
  initTempModuleActivityModel(sequelize);
  initTempStudentModel(sequelize);
  initStatModel(sequelize);
  initAttemptModel(sequelize);
  initInstitutionModel(sequelize);
  initSubscriptionModel(sequelize);
  initInstitutionTeacherModel(sequelize);
  initInstitutionAdminModel(sequelize);
  initTeacherCodeModel(sequelize);
  initEducationSystemModel(sequelize);
  initGradeModel(sequelize);
  initLearningStandardModel(sequelize);
  initSkillModel(sequelize);
  initModuleSkillModel(sequelize);
  initModuleLearningStandardModel(sequelize);
  initContactMessageModel(sequelize);
  associate();
  return MODELS;
}

/** The associations, for includes and mixins; `Model.init` clears them, so they are redefined each time. */
function associate(): void {
  const c = { constraints: false } as const;

  // Users and groups
  User.belongsToMany(Group, {
    ...c,
    through: UserGroup,
    foreignKey: 'userId',
    otherKey: 'groupId',
    as: 'groups',
  });
  Group.belongsToMany(User, {
    ...c,
    through: UserGroup,
    foreignKey: 'groupId',
    otherKey: 'userId',
    as: 'users',
  });
  User.hasMany(UserGroup, { ...c, foreignKey: 'userId', as: 'userGroups' });
  UserGroup.belongsTo(User, { ...c, foreignKey: 'userId', as: 'user' });
  UserGroup.belongsTo(Group, { ...c, foreignKey: 'groupId', as: 'group' });

  // Geography
  Country.hasMany(TerritorialEntity, { ...c, foreignKey: 'countryId', as: 'territorialEntities' });
  TerritorialEntity.belongsTo(Country, { ...c, foreignKey: 'countryId', as: 'country' });
  TerritorialEntity.hasMany(City, { ...c, foreignKey: 'territorialEntityId', as: 'cities' });
  City.belongsTo(TerritorialEntity, { ...c, foreignKey: 'territorialEntityId', as: 'territorialEntity' });
  City.belongsTo(Country, { ...c, foreignKey: 'countryId', as: 'country' });

  // Content taxonomy
  Course.belongsToMany(Topic, {
    ...c,
    through: CourseTopic,
    foreignKey: 'courseId',
    otherKey: 'topicId',
    as: 'topics',
  });
  Topic.belongsToMany(Course, {
    ...c,
    through: CourseTopic,
    foreignKey: 'topicId',
    otherKey: 'courseId',
    as: 'courses',
  });
  Topic.hasMany(Subtopic, { ...c, foreignKey: 'topicId', as: 'subtopics' });
  Subtopic.belongsTo(Topic, { ...c, foreignKey: 'topicId', as: 'topic' });

  // Problems, numerals, steps and their data
  Problem.belongsTo(User, { ...c, foreignKey: 'authorId', as: 'author' });
  Problem.belongsTo(Topic, { ...c, foreignKey: 'topicId', as: 'topic' });
  Problem.belongsTo(Subtopic, { ...c, foreignKey: 'subtopicId', as: 'subtopic' });
  Problem.belongsToMany(User, {
    ...c,
    through: ProblemCoauthor,
    foreignKey: 'problemId',
    otherKey: 'userId',
    as: 'coauthors',
  });
  Problem.hasMany(Numeral, { ...c, foreignKey: 'problemId', as: 'numerals' });
  Problem.hasOne(ProblemReview, { ...c, foreignKey: 'problemId', as: 'review' });
  ProblemReview.belongsTo(Problem, { ...c, foreignKey: 'problemId', as: 'problem' });
  ProblemReview.belongsTo(User, { ...c, foreignKey: 'supervisorId', as: 'supervisor' });
  Numeral.belongsTo(Problem, { ...c, foreignKey: 'problemId', as: 'problem' });
  Numeral.hasMany(Step, { ...c, foreignKey: 'numeralId', as: 'steps' });
  Step.belongsTo(Numeral, { ...c, foreignKey: 'numeralId', as: 'numeral' });
  Numeral.hasMany(MultipleChoiceEntry, { ...c, foreignKey: 'numeralId', as: 'choices' });
  Step.hasMany(MultipleChoiceEntry, { ...c, foreignKey: 'stepId', as: 'choices' });
  MultipleChoiceEntry.belongsTo(Numeral, { ...c, foreignKey: 'numeralId', as: 'numeral' });
  MultipleChoiceEntry.belongsTo(Step, { ...c, foreignKey: 'stepId', as: 'step' });

  // Classrooms
  Classroom.belongsTo(User, { ...c, foreignKey: 'authorId', as: 'author' });
  Classroom.belongsTo(ClassroomLevel, { ...c, foreignKey: 'levelId', as: 'level' });
  Classroom.belongsToMany(User, {
    ...c,
    through: ClassroomStudent,
    foreignKey: 'classroomId',
    otherKey: 'userId',
    as: 'students',
  });
  User.belongsToMany(Classroom, {
    ...c,
    through: ClassroomStudent,
    foreignKey: 'userId',
    otherKey: 'classroomId',
    as: 'classrooms',
  });
  Classroom.hasMany(ClassroomStudent, { ...c, foreignKey: 'classroomId', as: 'classroomStudents' });
  ClassroomStudent.belongsTo(Classroom, { ...c, foreignKey: 'classroomId', as: 'classroom' });
  ClassroomStudent.belongsTo(User, { ...c, foreignKey: 'userId', as: 'user' });

  // Modules
  Module.belongsTo(User, { ...c, foreignKey: 'authorId', as: 'author' });
  Module.belongsTo(Module, { ...c, foreignKey: 'sourceModuleId', as: 'sourceModule' });
  Module.hasMany(ModuleProblem, { ...c, foreignKey: 'moduleId', as: 'moduleProblems' });
  ModuleProblem.belongsTo(Module, { ...c, foreignKey: 'moduleId', as: 'module' });
  ModuleProblem.belongsTo(Problem, { ...c, foreignKey: 'problemId', as: 'problem' });
  Module.belongsToMany(Problem, {
    ...c,
    through: ModuleProblem,
    foreignKey: 'moduleId',
    otherKey: 'problemId',
    as: 'problems',
  });
  Module.hasMany(ModuleClassroom, { ...c, foreignKey: 'moduleId', as: 'moduleClassrooms' });
  Classroom.hasMany(ModuleClassroom, { ...c, foreignKey: 'classroomId', as: 'moduleClassrooms' });
  ModuleClassroom.belongsTo(Module, { ...c, foreignKey: 'moduleId', as: 'module' });
  ModuleClassroom.belongsTo(Classroom, { ...c, foreignKey: 'classroomId', as: 'classroom' });
  Module.hasMany(ModuleStudent, { ...c, foreignKey: 'moduleId', as: 'moduleStudents' });
  ModuleStudent.belongsTo(Module, { ...c, foreignKey: 'moduleId', as: 'module' });
  ModuleStudent.belongsTo(Classroom, { ...c, foreignKey: 'classroomId', as: 'classroom' });
  ModuleStudent.belongsTo(User, { ...c, foreignKey: 'studentId', as: 'student' });
  Module.hasMany(StudentModule, { ...c, foreignKey: 'moduleId', as: 'studentModules' });
  StudentModule.belongsTo(Module, { ...c, foreignKey: 'moduleId', as: 'module' });
  StudentModule.belongsTo(Classroom, { ...c, foreignKey: 'classroomId', as: 'classroom' });
  StudentModule.belongsTo(User, { ...c, foreignKey: 'studentId', as: 'student' });
  Module.belongsToMany(Skill, {
    ...c,
    through: ModuleSkill,
    foreignKey: 'moduleId',
    otherKey: 'skillId',
    as: 'skills',
  });
  Skill.belongsToMany(Module, {
    ...c,
    through: ModuleSkill,
    foreignKey: 'skillId',
    otherKey: 'moduleId',
    as: 'modules',
  });
  Module.belongsToMany(LearningStandard, {
    ...c,
    through: ModuleLearningStandard,
    foreignKey: 'moduleId',
    otherKey: 'learningStandardId',
    as: 'learningStandards',
  });
  LearningStandard.belongsToMany(Module, {
    ...c,
    through: ModuleLearningStandard,
    foreignKey: 'learningStandardId',
    otherKey: 'moduleId',
    as: 'modules',
  });

  // Code-based activities
  Module.hasMany(ModuleCode, { ...c, foreignKey: 'moduleId', as: 'codes' });
  ModuleCode.belongsTo(Module, { ...c, foreignKey: 'moduleId', as: 'module' });
  Module.hasMany(TempModuleActivity, { ...c, foreignKey: 'moduleId', as: 'tempModuleActivities' });
  TempModuleActivity.belongsTo(Module, { ...c, foreignKey: 'moduleId', as: 'module' });
  Module.hasMany(TempStudent, { ...c, foreignKey: 'moduleId', as: 'tempStudents' });
  TempStudent.belongsTo(Module, { ...c, foreignKey: 'moduleId', as: 'module' });
  TempModuleActivity.hasMany(TempStudent, { ...c, foreignKey: 'activityId', as: 'students' });
  TempStudent.belongsTo(TempModuleActivity, { ...c, foreignKey: 'activityId', as: 'activity' });

  // Solving
  for (const model of [Stat, Attempt]) {
    const log: ModelStatic<Model> = model;
    log.belongsTo(User, { ...c, foreignKey: 'userId', as: 'user' });
    log.belongsTo(TempStudent, { ...c, foreignKey: 'tempStudentId', as: 'tempStudent' });
    log.belongsTo(Numeral, { ...c, foreignKey: 'numeralId', as: 'numeral' });
  }
  Attempt.belongsTo(Step, { ...c, foreignKey: 'stepId', as: 'step' });
  Numeral.hasMany(Stat, { ...c, foreignKey: 'numeralId', as: 'stats' });
  User.hasMany(Stat, { ...c, foreignKey: 'userId', as: 'stats' });
  TempStudent.hasMany(Stat, { ...c, foreignKey: 'tempStudentId', as: 'stats' });

  // Schools
  Institution.belongsTo(Country, { ...c, foreignKey: 'countryId', as: 'country' });
  Institution.belongsTo(TerritorialEntity, {
    ...c,
    foreignKey: 'territorialEntityId',
    as: 'territorialEntity',
  });
  Institution.belongsTo(City, { ...c, foreignKey: 'cityId', as: 'city' });
  Institution.hasMany(Subscription, { ...c, foreignKey: 'institutionId', as: 'subscriptions' });
  Subscription.belongsTo(Institution, { ...c, foreignKey: 'institutionId', as: 'institution' });
  Subscription.belongsTo(User, { ...c, foreignKey: 'createdBy', as: 'creator' });
  Institution.belongsToMany(User, {
    ...c,
    through: InstitutionTeacher,
    foreignKey: 'institutionId',
    otherKey: 'userId',
    as: 'teachers',
  });
  Institution.belongsToMany(User, {
    ...c,
    through: InstitutionAdmin,
    foreignKey: 'institutionId',
    otherKey: 'userId',
    as: 'admins',
  });
  InstitutionTeacher.belongsTo(Institution, { ...c, foreignKey: 'institutionId', as: 'institution' });
  InstitutionTeacher.belongsTo(User, { ...c, foreignKey: 'userId', as: 'user' });
  InstitutionAdmin.belongsTo(Institution, { ...c, foreignKey: 'institutionId', as: 'institution' });
  InstitutionAdmin.belongsTo(User, { ...c, foreignKey: 'userId', as: 'user' });
  Institution.hasMany(TeacherCode, { ...c, foreignKey: 'institutionId', as: 'teacherCodes' });
  TeacherCode.belongsTo(Institution, { ...c, foreignKey: 'institutionId', as: 'institution' });
  TeacherCode.belongsTo(User, { ...c, foreignKey: 'usedBy', as: 'user' });

  // Education systems
  EducationSystem.hasMany(Grade, { ...c, foreignKey: 'educationSystemId', as: 'grades' });
  Grade.belongsTo(EducationSystem, { ...c, foreignKey: 'educationSystemId', as: 'educationSystem' });
  Grade.hasMany(LearningStandard, { ...c, foreignKey: 'gradeId', as: 'learningStandards' });
  LearningStandard.belongsTo(Grade, { ...c, foreignKey: 'gradeId', as: 'grade' });
  LearningStandard.hasMany(Skill, { ...c, foreignKey: 'learningStandardId', as: 'skills' });
  Skill.belongsTo(LearningStandard, { ...c, foreignKey: 'learningStandardId', as: 'learningStandard' });
}
