import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineChart } from './LineChart';

const ticksY = (valores: number[]) => {
  const { container } = render(
    <LineChart
      rotulos={valores.map((_, i) => `dia ${i + 1}`)}
      series={[{ id: 'leituras', nome: 'Leituras', cor: 'primary', valores }]}
      titulo="Leituras por dia"
      descricao="Leituras de cada dia."
      formatarY={String}
    />,
  );
  return [...container.querySelectorAll('text[text-anchor="end"][dominant-baseline="central"]')].map(
    (t) => t.textContent,
  );
};

describe('LineChart', () => {
  it('marks its axis of counts on whole numbers only', () => {
    // One read: d3 would mark 0, 0.5 and 1.
    expect(ticksY([0, 1, 0])).toEqual(['0', '1']);
    expect(ticksY([0, 40, 120])).toEqual(['0', '50', '100']);
  });
});
