/**
 * The portal's charts (the announcement dashboard; reports reuse them), drawn as SVG with visx's
 * scales and shapes (@visx/scale, @visx/shape, @visx/group): only the pieces imported are
 * bundled, the SVG takes the MUI theme's colours, names itself (`role="img"`, title and
 * description) and needs no inline <style> (the CSP refuses those). Import this module only from
 * lazily loaded pages: it stays out of the first page's JavaScript.
 */
export { BarChart, type BarDatum } from './BarChart';
export { LineChart, type LineSerie } from './LineChart';
