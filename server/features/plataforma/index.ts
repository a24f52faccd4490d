import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { eq } from 'drizzle-orm';
import { IDIOMAS, type Idioma } from '../../../domain/enums';
import { translate } from '../../../i18n';
import { i18nLabels } from '../../db/schema';
import { operation, publicOperation, type Feature } from '../../graphql/operation';
import { buildMenu } from './menu';
import { loadProperties } from './propriedades';

export { loadProperties } from './propriedades';

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
          menus: JSON.stringify(buildMenu(session, session.idioma)),
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
