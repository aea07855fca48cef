import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LANGUAGE, type Language } from '@erp/i18n';
import type { NotifySeverity } from '@erp/ui-kit/src/declare';

/**
 * A message for the user. 'alert' is the spec's 2-second error or success alert, 'toast' its 3-second toast
 * (section 8). Texts are either already translated (`summary`, `detail`) or shell keys translated on display.
 */
export interface Notice {
  id: number;
  kind: 'alert' | 'toast';
  severity: NotifySeverity;
  summary?: string;
  summaryKey?: string;
  detail?: string;
  detailKey?: string;
}

/** The run-time settings served at /app-config.json (`appConfigFromEnv` on the gateway). */
export interface AppConfig {
  /** The provider's messaging chat (ERP_SUPPORT_CHAT_URL); null: no contact link or button. */
  supportChatUrl: string | null;
}

export interface UiState {
  language: Language;
  /** The user's setting: the Umm al-Qura Hijri date beside Gregorian dates (saved with the preferences). */
  showHijri: boolean;
  /** The sidebar on small screens (always shown on wide ones). */
  menuOpen: boolean;
  notices: Notice[];
  /** The translated subscription 401 detail while its dialog is open (spec section 8). */
  subscriptionProblem: string | null;
  appConfig: AppConfig;
  /**
   * The language was chosen on the sign-in page (issue 12 item 9): the user's saved language does not replace
   * it after sign-in; it is saved as theirs instead.
   */
  languageFromSignIn: boolean;
}

let nextId = 1;

export const uiSlice = createSlice({
  name: 'ui',
  initialState: {
    language: DEFAULT_LANGUAGE,
    showHijri: false,
    menuOpen: false,
    notices: [],
    subscriptionProblem: null,
    appConfig: { supportChatUrl: null },
    languageFromSignIn: false,
  } as UiState,
  reducers: {
    languageChosen(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
    languageFromSignIn(state, action: PayloadAction<boolean>) {
      state.languageFromSignIn = action.payload;
    },
    hijriShown(state, action: PayloadAction<boolean>) {
      state.showHijri = action.payload;
    },
    menuToggled(state, action: PayloadAction<boolean | undefined>) {
      state.menuOpen = action.payload ?? !state.menuOpen;
    },
    noticeAdded: {
      reducer(state, action: PayloadAction<Notice>) {
        state.notices.push(action.payload);
      },
      prepare(notice: Omit<Notice, 'id'>) {
        return { payload: { ...notice, id: nextId++ } };
      },
    },
    noticesShown(state, action: PayloadAction<number[]>) {
      state.notices = state.notices.filter((n) => !action.payload.includes(n.id));
    },
    subscriptionProblemShown(state, action: PayloadAction<string | null>) {
      state.subscriptionProblem = action.payload;
    },
    appConfigLoaded(state, action: PayloadAction<AppConfig>) {
      state.appConfig = action.payload;
    },
  },
});

export const {
  appConfigLoaded,
  hijriShown,
  languageChosen,
  languageFromSignIn,
  menuToggled,
  noticeAdded,
  noticesShown,
  subscriptionProblemShown,
} = uiSlice.actions;
