import englishMessages from 'ra-language-english';

/**
 * react-admin's own English `ra.*` messages (ra-language-english), re-exported
 * so that the pt-BR and es blocks can be typed and tested against them.
 */
export const raEn = englishMessages.ra;
