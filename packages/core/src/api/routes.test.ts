import { describe, expect, it } from 'vitest';
import { API } from './endpoints';
import { routeOf, routesModule, routeTable } from './route-table';
import { ROUTES } from './routes';

describe('ROUTES', () => {
  it('is the route table of API, in its order (else run `npm run routes`)', () => {
    expect(ROUTES).toEqual(routeTable(API));
    expect(Object.keys(ROUTES)).toEqual(Object.keys(API));
  });

  it('says which answers have no body and which fields of a multipart body hold JSON', () => {
    expect(routeOf(API.logout)).toEqual({ method: 'post', path: '/auth/jwt/logout/' });
    expect(routeOf(API.resetPassword)).toEqual({
      method: 'post',
      path: '/auth/users/reset_password/',
      noContent: true,
    });
    expect(routeOf(API.saveProblem).jsonFields).toEqual(['state']);
  });

  it('is written as a module that declares the table against its type', () => {
    const text = routesModule({ problem: API.problem, logout: API.logout });
    expect(text).toContain('export const ROUTES = {\n  problem: {"method":"get","path":"/problems/:id/"},');
    expect(text).toContain('} as const satisfies RouteTable;');
  });
});
