import type { Settings } from "~/modules/settings/settings.server";
import { scriptJson } from "./script-json";
import type { ShellBlock } from "./shell";

/** What the frame of every page shows of the shop's settings: top bar, header, navigation, footer, theme. */
export function shellOf(settings: Settings) {
  return {
    logo: settings.logo,
    footerLogo: settings.footerLogo,
    footerQr: settings.footerQr,
    footerText: settings.footerText,
    footerDescription: settings.footerDescription,
    showFooter: settings.showFooter,
    mobile: settings.mobile,
    email: settings.email,
    address: settings.address,
    multiVendor: settings.multiVendor,
    showDownloadApp: settings.showDownloadApp,
    appStoreLink: settings.appStoreLink,
    playStoreLink: settings.playStoreLink,
    languages: settings.languages,
    currencies: settings.currencies.map(({ name, symbol }) => ({ name, symbol })),
    menus: settings.menus,
    footers: settings.footers,
    socialLinks: settings.socialLinks,
    themeColors: settings.themeColors,
  };
}

export type Shell = ReturnType<typeof shellOf>;

// One per settings read (a new one after every change of the settings): made once, written into many pages.
const blocks = new WeakMap<Settings, ShellBlock>();

/** The shell and its data block's text, the same for every page until the settings change. */
export function shellBlock(settings: Settings): ShellBlock {
  let block = blocks.get(settings);
  if (!block) {
    const shell = shellOf(settings);
    block = { shell, json: scriptJson(shell) };
    blocks.set(settings, block);
  }
  return block;
}
