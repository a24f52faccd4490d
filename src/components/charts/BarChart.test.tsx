import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './BarChart';

// In the test's DOM the chart keeps its first width, 600 px.
const desenhar = (nomes: string[]) =>
  render(
    <BarChart
      titulo="Taxa de falhas das tarefas em segundo plano"
      descricao="Barras da taxa de falhas por tarefa."
      dados={nomes.map((nome, i) => ({ id: String(i), nome, valor: 0.25 }))}
      formatar={(v) => `${v * 100}%`}
    />,
  );

describe('BarChart', () => {
  it('says above the bars what they measure, and names the chart by it', () => {
    desenhar(['E-mails de comunicados']);
    expect(screen.getByText('Taxa de falhas das tarefas em segundo plano', { selector: 'p' })).toBeVisible();
    expect(screen.getByRole('img')).toHaveAccessibleName('Taxa de falhas das tarefas em segundo plano');
  });

  it('gives the labels the room the longest name needs, up to 40% of the chart, and cuts only past it', () => {
    const rotulos = (container: HTMLElement) =>
      [...container.querySelectorAll('svg > g > text:first-of-type')].map((t) =>
        t.textContent!.replace(t.querySelector('title')!.textContent!, ''),
      );
    // 28 characters: whole (a fixed 30% of the chart cut it at 24).
    const longo = 'Imagens de slides e anúncios';
    expect(rotulos(desenhar([longo, 'E-mails']).container)).toEqual([longo, 'E-mails']);
    // Past 40% of the chart's 600 px: cut, its whole name in its tooltip.
    const muitoLongo = `${'Concessionária de veículos '.repeat(2)}Norte`;
    const [cortado] = rotulos(desenhar([muitoLongo]).container);
    expect(cortado).toMatch(/…$/);
    expect(muitoLongo.startsWith(cortado!.slice(0, -1))).toBe(true);
  });
});
