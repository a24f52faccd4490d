import englishMessages from 'ra-language-english';

/**
 * react-admin's own English `ra.*` messages (ra-language-english), re-exported (with the portal's own paging text)
 * so that the pt-BR and es blocks can be typed and tested against them.
 */
export const raEn = {
  ...englishMessages.ra,
  navigation: {
    ...englishMessages.ra.navigation,
    // The lists' paging text of spec section 2.
    page_range_info: 'Showing %{offsetBegin} to %{offsetEnd} of %{total} records',
  },
};
