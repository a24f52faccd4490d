import { describe, expect, it } from 'vitest';
import { hasAccess } from './access';
import { matchRoute, ROUTES, routeTrail } from './routes';

describe('route table', () => {
  it('matches static segments before parameters', () => {
    expect(matchRoute('/grupos/novo')?.route.id).toBe('gruposNovo');
    expect(matchRoute('/grupos/12')).toMatchObject({ route: { id: 'gruposEditar' }, params: { id: '12' } });
    expect(matchRoute('/usuarios/7/ausencia-temporaria')?.route.id).toBe('ausenciaTemporaria');
    expect(matchRoute('/auditoria/5/DEALER')?.params).toEqual({ id: '5', tipo: 'DEALER' });
    expect(matchRoute('/nao-existe')).toBeUndefined();
  });

  it('builds breadcrumb trails from parents', () => {
    expect(routeTrail(matchRoute('/dealers/3')!.route).map((r) => r.id)).toEqual(['dealers', 'dealersEditar']);
  });

  it('has unique ids and paths, and parents that exist', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    for (const route of ROUTES) if (route.parent) expect(ROUTES.some((r) => r.id === route.parent)).toBe(true);
  });

  it('keeps /superAdmin for provider staff even with every function key', () => {
    const superAdmin = ROUTES.find((r) => r.id === 'superAdmin')!;
    expect(hasAccess({ tipo: 'TECSINAPSE', funcionalidades: [] }, superAdmin.policy.rule)).toBe(true);
    expect(
      hasAccess({ tipo: 'MONTADORA', funcionalidades: ['PORTAL_ADMINISTRATIVO_TECSINAPSE'] }, superAdmin.policy.rule),
    ).toBe(false);
  });
});
