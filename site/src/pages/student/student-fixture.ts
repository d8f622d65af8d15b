import type { StudentClassrooms } from '@kib/core';

/**
 * A student's classrooms as GET get_student_classrooms/ answers them, for the student pages' tests.
 * Dates carry no zone, so they read the same wherever the tests run.
 *
 * - Classroom 1 "Matemáticas 7A" (Laura Pérez): module 11 "Ecuaciones lineales" (deadline ahead) and
 *   module 10 "Fracciones" whose classroom deadline is ahead but the student's own deadline has passed.
 * - Classroom 2 "Refuerzo de álgebra" (Carlos Ruiz): module 12 "Potencias", no deadline.
 * - Module 11's problems are numbered '10', none, '2', 'b' (in that stored order), so the module view
 *   shows 103 ('2'), 101 ('10'), 102 (none), 104 ('b'). Problems 103 and 104 are done; 101 has 1 of 3
 *   numerals complete and one attempted.
 */
export const STUDENT_DATA: StudentClassrooms = {
  classrooms: [
    { id: 1, name: 'Matemáticas 7A', description: 'Grupo de la mañana', teacherId: 50 },
    { id: 2, name: 'Refuerzo de álgebra', description: '', teacherId: 51 },
  ],
  teachers: [
    { id: 50, firstName: 'Laura', lastName: 'Pérez' },
    { id: 51, firstName: 'Carlos', lastName: 'Ruiz' },
  ],
  modules: [
    {
      id: 11,
      name: 'Ecuaciones lineales',
      description: 'Resuelve ecuaciones como $2x+3=7$.',
      creationDate: '2024-04-01T08:00:00',
    },
    {
      id: 10,
      name: 'Fracciones',
      description: 'Suma y resta de fracciones.',
      creationDate: '2024-03-01T08:00:00',
    },
    { id: 12, name: 'Potencias', description: '', creationDate: '2024-02-01T08:00:00' },
  ],
  moduleClassrooms: [
    { moduleId: 10, classroomId: 1, deadline: '2099-12-31T23:59:00', publishDate: '2024-03-02T07:00:00' },
    { moduleId: 11, classroomId: 1, deadline: '2099-06-15T12:00:00', publishDate: null },
    { moduleId: 12, classroomId: 2, deadline: null, publishDate: null },
  ],
  moduleProblems: [
    { moduleId: 11, problemId: 101, numeration: '10' },
    { moduleId: 11, problemId: 102, numeration: null },
    { moduleId: 11, problemId: 103, numeration: '2' },
    { moduleId: 11, problemId: 104, numeration: 'b' },
    { moduleId: 10, problemId: 201, numeration: '1' },
    { moduleId: 12, problemId: 301, numeration: '1' },
  ],
  problems: [
    { id: 101, title: 'Despejar x', description: '' },
    { id: 102, title: 'Problema sin número', description: '' },
    { id: 103, title: 'Ecuación con paréntesis', description: '' },
    { id: 104, title: 'Reto final', description: '' },
    { id: 201, title: 'Sumar fracciones', description: '' },
    { id: 301, title: 'Producto de potencias', description: '' },
  ],
  numerals: [
    { id: 1011, problemId: 101, number: 1 },
    { id: 1012, problemId: 101, number: 2 },
    { id: 1013, problemId: 101, number: 3 },
    { id: 1021, problemId: 102, number: 1 },
    { id: 1031, problemId: 103, number: 1 },
    { id: 1032, problemId: 103, number: 2 },
    { id: 1041, problemId: 104, number: 1 },
    { id: 2011, problemId: 201, number: 1 },
    { id: 2012, problemId: 201, number: 2 },
    { id: 3011, problemId: 301, number: 1 },
  ],
  stats: [
    { numeralId: 1011, completed: true, attempts: 2, answerTime: 95 },
    { numeralId: 1012, completed: false, attempts: 3, answerTime: 140 },
    { numeralId: 1031, completed: true, attempts: 1, answerTime: 40 },
    { numeralId: 1032, completed: true, attempts: 1, answerTime: 55 },
    { numeralId: 1041, completed: true, attempts: 4, answerTime: 300 },
    { numeralId: 2011, completed: false, attempts: 1, answerTime: 20 },
    { numeralId: 3011, completed: true, attempts: 1, answerTime: 30 },
  ],
  studentModules: [{ classroomId: 1, moduleId: 10, deadline: '2024-05-10T18:30:00' }],
};

/** The same student before joining any classroom. */
export const NO_CLASSROOMS: StudentClassrooms = {
  classrooms: [],
  teachers: [],
  modules: [],
  moduleClassrooms: [],
  moduleProblems: [],
  problems: [],
  numerals: [],
  stats: [],
  studentModules: [],
};
