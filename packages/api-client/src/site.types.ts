import type { CurrentUser } from '@kib/core';

/** A course, topic or subtopic with its English and Spanish names. */
export interface NamedContent {
  id: number;
  name: string;
  nameSpanish: string;
}

/** GET courses/: the courses and which topics belong to which course. */
export interface CoursesResponse {
  courses: NamedContent[];
  coursesTopics: { course: number; topic: number }[];
}

/** A published problem in a content list. */
export interface ProblemSummary {
  id: number;
  title: string;
  description: string;
  numeration: string | null;
  topicId: number | null;
  subtopicId: number | null;
}

/** A numeral in a content list. */
export interface NumeralSummary {
  id: number;
  problemId: number;
  number: number;
  question: string;
  mathType: string;
}

/** GET problems/topic/{id}/ and problems/subtopic/{id}/. */
export interface ContentProblems {
  problems: ProblemSummary[];
  numerals: NumeralSummary[];
}

/** GET get_student_classrooms/: what a student sees of their classrooms (dates as ISO strings). */
export interface StudentClassrooms {
  classrooms: { id: number; name: string; description: string; teacherId: number }[];
  teachers: { id: number; firstName: string; lastName: string }[];
  modules: { id: number; name: string; description: string; creationDate: string }[];
  moduleClassrooms: {
    moduleId: number;
    classroomId: number;
    deadline: string | null;
    publishDate: string | null;
  }[];
  moduleProblems: { moduleId: number; problemId: number; numeration: string | null }[];
  problems: { id: number; title: string; description: string }[];
  numerals: { id: number; problemId: number; number: number }[];
  stats: { numeralId: number; completed: boolean; attempts: number; answerTime: number }[];
  studentModules: { classroomId: number; moduleId: number; deadline: string | null }[];
}

/** POST classrooms/add_student: the classroom joined. */
export interface JoinClassroomResponse {
  classroom: { id: number; name: string };
  alreadyMember: boolean;
}

export type { CurrentUser };
