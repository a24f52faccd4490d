import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { Idioma, TipoUsuario } from '../../domain/enums';
import type { UsuarioRules } from '../../domain/schemas/usuario';
import { useOperations } from '../../src/components/useOperations';

export interface Ref {
  id: string;
  nome: string;
}

/** A product as the form offers it: its access types (with their default features) and features. */
export interface ProdutoPermissoes {
  id: string;
  nome: string;
  tiposAcesso: { id: string; nome: string; funcionalidadesPadrao: { id: string }[] }[];
  funcionalidades: { id: string; nome: string; descricao?: string | null }[];
}

export interface DominioUsuario {
  tiposUsuario: TipoUsuario[];
  idiomas: Idioma[];
  marcas: Ref[];
  grupos: Ref[];
  produtos: ProdutoPermissoes[];
}

export interface UsuariosPortalProperties {
  tiposUsuarioDocumentoObrigatorio: TipoUsuario[];
  tiposUsuarioInformarCargo: TipoUsuario[];
  tiposUsuarioInformarGestao: TipoUsuario[];
  informarDepartamentoCargo: boolean;
}

export interface UsuarioOptions {
  dominio: DominioUsuario;
  properties: UsuariosPortalProperties;
  /** What usuarioSchema reads: the portal's settings and every access type with its defaults. */
  rules: UsuarioRules;
}

/** The access types of the products the caller may give, with their default features, by id. */
export function rulesOf(dominio: DominioUsuario, properties: UsuariosPortalProperties): UsuarioRules {
  const tiposAcesso = new Map<number, UsuarioRules['tiposAcesso'][number]>();
  for (const produto of dominio.produtos) {
    for (const tipo of produto.tiposAcesso) {
      tiposAcesso.set(Number(tipo.id), {
        id: Number(tipo.id),
        nome: tipo.nome,
        funcionalidadesPadrao: tipo.funcionalidadesPadrao.map((f) => Number(f.id)),
      });
    }
  }
  return { ...properties, tiposAcesso: [...tiposAcesso.values()] };
}

/** What the form offers (dominioUsuario) and the portal's user settings (usuariosPortalProperties). */
export function useUsuarioOptions() {
  const { query } = useOperations('usuarios');
  return useQuery({
    queryKey: ['usuarios', 'formOptions'],
    queryFn: async (): Promise<UsuarioOptions> => {
      const [dominio, properties] = await Promise.all([
        query<DominioUsuario>('dominio'),
        query<UsuariosPortalProperties>('portalProperties'),
      ]);
      return { dominio, properties, rules: rulesOf(dominio, properties) };
    },
    retry: false,
  });
}

export const UsuarioOptionsContext = createContext<UsuarioOptions | null>(null);

export function useUsuarioOptionsContext(): UsuarioOptions {
  const options = useContext(UsuarioOptionsContext);
  if (!options) throw new Error('useUsuarioOptionsContext outside UsuarioForm');
  return options;
}
