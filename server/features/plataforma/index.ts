import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { eq } from 'drizzle-orm';
import { IDIOMAS, type Idioma } from '../../../domain/enums';
import { translate } from '../../../i18n';
import type { Session } from '../../authz';
import type { Db } from '../../db/client';
import { i18nLabels } from '../../db/schema';
import { operation, publicOperation, type Feature } from '../../graphql/operation';
import { menuRelatorios } from '../relatorios';
import { buildMenu } from './menu';
import { loadProperties } from './propriedades';

export { loadProperties } from './propriedades';

/** The route table's menu, with the Reports the user may open (report definitions, issue #31) before Administration. */
async function menuWithReports(db: Db, session: Session) {
  const menu = buildMenu(session, session.idioma);
  const relatorios = await menuRelatorios(db, session);
  if (!relatorios) return menu;
  const administracao = menu.findIndex((category) => category.id === 'administracao');
  menu.splice(administracao < 0 ? menu.length : administracao, 0, relatorios);
  return menu;
}

export const plataforma: Feature = {
  typeDefs: readFileSync(new URL('./plataforma.graphql', import.meta.url), 'utf8'),
  Query: {
    i18nLabels: publicOperation({
      async resolve(args: { idioma?: Idioma | null }, { db, session, idioma }) {
        const lang = args.idioma ?? session?.idioma ?? idioma;
        const labels = await db.select().from(i18nLabels).where(eq(i18nLabels.idioma, lang));
        return labels.map((label) => ({ key: label.chave, value: label.valor }));
      },
    }),
    menuUsuarioLogado: operation({
      policy: policies.portal.use,
      async resolve(_args: unknown, { db, config, session }) {
        const props = await loadProperties(db, config);
        return {
          title: props.name,
          theme: props.theme,
          productName: props.productName,
          currentProduct: props.currentProduct,
          linkHelpTec: props.linkHelpTec,
          linkPortal: props.linkPortal,
          linkAcademia: props.linkAcademia,
          brandImageUrl: props.brandImageUrl,
          locales: IDIOMAS.map((id) => ({ id, description: translate(id, `languages.${id}`) })),
          menus: JSON.stringify(await menuWithReports(db, session)),
        };
      },
    }),
    usuariosPortalProperties: operation({
      policy: policies.portal.use,
      async resolve(_args: unknown, { db, config }) {
        const props = await loadProperties(db, config);
        return {
          tiposUsuarioDocumentoObrigatorio: props.tiposUsuarioDocumentoObrigatorio,
          tiposUsuarioInformarCargo: props.tiposUsuarioInformarCargo,
          tiposUsuarioInformarGestao: props.tiposUsuarioInformarGestao,
          informarDepartamentoCargo: props.informarDepartamentoCargo,
        };
      },
    }),
  },
};
