import { useQuery } from '@tanstack/react-query';
import type { TipoUsuario } from '../../../domain/enums';
import { useOperations } from '../useOperations';
import type { Ref } from './regras';

export interface TipoAcessoOpcao {
  id: string;
  nome: string;
  produto: string;
}

export interface SetorOpcao extends Ref {
  divisao: string;
}

export interface GrupoUsuariosOptions {
  marcas: Ref[];
  tiposUsuario: TipoUsuario[];
  tiposAcesso: TipoAcessoOpcao[];
  cargos: Ref[];
  setores: SetorOpcao[];
  grupos: Ref[];
}

interface UsuarioLogadoOpcoes {
  tipo: { id: TipoUsuario };
  tiposUsuarios: TipoUsuario[];
  produtos: { id: string; nome: string; tiposAcesso: Ref[] }[];
}

/**
 * What the form offers (spec section 6): the caller's own brands (every brand for provider
 * staff: `marcas.atribuivel`), the user types they administer, the access types they hold (every
 * product's for staff), positions, sectors with their division, the active dealer groups they see.
 */
export function useGrupoUsuariosOptions() {
  const { query } = useOperations('gruposUsuarios');
  return useQuery({
    queryKey: ['gruposUsuarios', 'opcoes'],
    queryFn: async (): Promise<GrupoUsuariosOptions> => {
      const logado = await query<UsuarioLogadoOpcoes>('usuarioLogado');
      const staff = logado.tipo.id === 'TECSINAPSE';
      const [marcas, produtos, cargos, setores, grupos] = await Promise.all([
        query<(Ref & { active: boolean; atribuivel: boolean | null })[]>('marcas'),
        staff ? query<UsuarioLogadoOpcoes['produtos']>('produtos') : Promise.resolve(logado.produtos),
        query<Ref[]>('cargos'),
        query<(Ref & { divisao: Ref })[]>('setores'),
        query<Ref[]>('grupos'),
      ]);
      const ref = ({ id, nome }: Ref) => ({ id: String(id), nome });
      return {
        marcas: marcas.filter((m) => m.atribuivel && m.active).map(ref),
        tiposUsuario: logado.tiposUsuarios,
        tiposAcesso: produtos.flatMap((p) =>
          p.tiposAcesso.map((t) => ({ id: String(t.id), nome: t.nome, produto: p.nome })),
        ),
        cargos: cargos.map(ref),
        setores: setores.map((s) => ({ ...ref(s), divisao: s.divisao.nome })),
        grupos: grupos.map(ref),
      };
    },
    retry: false,
    staleTime: 60_000,
  });
}
