import FacebookIcon from '@mui/icons-material/Facebook';
import GitHubIcon from '@mui/icons-material/GitHub';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import PinterestIcon from '@mui/icons-material/Pinterest';
import PublicIcon from '@mui/icons-material/Public';
import RedditIcon from '@mui/icons-material/Reddit';
import TelegramIcon from '@mui/icons-material/Telegram';
import TwitterIcon from '@mui/icons-material/Twitter';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { ICONE_PATTERN } from '../../domain/schemas/referencia';

/** Icon names of the usual `fab` (brand) pack drawn with MUI's own icons; others show a globe. */
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  facebook: FacebookIcon,
  'facebook-f': FacebookIcon,
  'facebook-square': FacebookIcon,
  instagram: InstagramIcon,
  youtube: YouTubeIcon,
  twitter: TwitterIcon,
  'x-twitter': XIcon,
  linkedin: LinkedInIcon,
  'linkedin-in': LinkedInIcon,
  whatsapp: WhatsAppIcon,
  pinterest: PinterestIcon,
  telegram: TelegramIcon,
  github: GitHubIcon,
  reddit: RedditIcon,
};

/** The icon of a `pack|name` value, e.g. `fab|facebook`; nothing while the value is not in that format. */
export function IconePreview({ icone, ...props }: { icone?: string | null } & SvgIconProps) {
  const value = (icone ?? '').trim();
  if (!ICONE_PATTERN.test(value)) return null;
  const name = value.split('|')[1].toLowerCase();
  const Icon = ICONS[name] ?? PublicIcon;
  return <Icon titleAccess={value} {...props} />;
}
