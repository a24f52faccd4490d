// Slides and adverts (issue #30): the banners the home page shows (SlideBanner, AnuncioBanner),
// and the pieces of their maintenance screens (resources/slides, resources/anuncios).
export { SlideBanner, SlideTextos, linkProps, type SlideView, type VitrineImagemView } from './SlideBanner';
export { AnuncioBanner, type AnuncioView } from './AnuncioBanner';
