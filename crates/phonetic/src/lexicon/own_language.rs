//! Questions and declarations in the player's own language for lt, lv and hu: the
//! command words, the fillers said around them and the phrases the grammar offers. Moves
//! stay in the FIDE scheme; in questions a piece may be named in German (Dame) or in the
//! language's own word (dāma, valdovė, vezér), singular or plural.

use shakmaty::Role;

use super::{Language, p};
use crate::word::{Keyword as K, Word};

/// The command words of a language (with the plural and possessive piece names that
/// questions use); empty for de and en, whose words live beside their moves.
pub(super) fn keys(language: Language) -> &'static [(&'static str, Word)] {
    match language {
        Language::Lt => LT_KEYS,
        Language::Lv => LV_KEYS,
        Language::Hu => HU_KEYS,
        Language::De | Language::En => &[],
    }
}

/// Fillers: said around command words, carrying no meaning ("en" for en passant too).
pub(super) fn fillers(language: Language) -> &'static [&'static str] {
    match language {
        Language::Lt => LT_FILLERS,
        Language::Lv => LV_FILLERS,
        Language::Hu => HU_FILLERS,
        Language::De | Language::En => &["en"],
    }
}

/// The command phrases, as the grammar offers them (slots as in the de/en templates).
pub(super) fn commands(language: Language) -> &'static [&'static str] {
    match language {
        Language::Lt => LT_COMMANDS,
        Language::Lv => LV_COMMANDS,
        Language::Hu => HU_COMMANDS,
        Language::De | Language::En => &[],
    }
}

const LT_KEYS: &[(&str, Word)] = &[
    ("laikas", Word::Key(K::Time)),
    ("laiko", Word::Key(K::Time)),
    ("laikrodis", Word::Key(K::Time)),
    ("ėjimas", Word::Key(K::Moves)),
    ("ėjimai", Word::Key(K::Moves)),
    ("ėjimų", Word::Key(K::Moves)),
    ("ėjimą", Word::Key(K::Moves)),
    ("kiek", Word::Key(K::HowMany)),
    ("skaičius", Word::Key(K::HowMany)),
    ("pakartok", Word::Key(K::Repeat)),
    ("pakartokite", Word::Key(K::Repeat)),
    ("pakartoti", Word::Key(K::Repeat)),
    ("paskutinis", Word::Key(K::Last)),
    ("paskutiniai", Word::Key(K::Last)),
    ("paskutinių", Word::Key(K::Last)),
    ("kur", Word::Key(K::Where)),
    ("mano", Word::Key(K::Own)),
    ("savo", Word::Key(K::Own)),
    ("priešininko", Word::Key(K::Opponent)),
    ("priešininkas", Word::Key(K::Opponent)),
    ("varžovo", Word::Key(K::Opponent)),
    ("varžovas", Word::Key(K::Opponent)),
    ("stovi", Word::Key(K::What)),
    ("horizontalė", Word::Key(K::RankWord)),
    ("eilutė", Word::Key(K::RankWord)),
    ("vertikalė", Word::Key(K::FileWord)),
    ("linija", Word::Key(K::FileWord)),
    ("perskaityk", Word::Key(K::Read)),
    ("skaityk", Word::Key(K::Read)),
    ("puola", Word::Key(K::Attack)),
    ("puolėjai", Word::Key(K::Attack)),
    ("taisymas", Word::Key(K::Correction)),
    ("pataisymas", Word::Key(K::Correction)),
    ("ne", Word::Key(K::No)),
    ("taip", Word::Key(K::Yes)),
    ("lygiosios", Word::Key(K::Draw)),
    ("lygiąsias", Word::Key(K::Draw)),
    ("lygiųjų", Word::Key(K::Draw)),
    ("lygiosiomis", Word::Key(K::Draw)),
    ("siūlau", Word::Key(K::Offer)),
    ("pasiūlymas", Word::Key(K::Offer)),
    ("sutinku", Word::Key(K::Accept)),
    ("priimu", Word::Key(K::Accept)),
    ("priimtos", Word::Key(K::Accept)),
    ("atmetu", Word::Key(K::Decline)),
    ("atmestos", Word::Key(K::Decline)),
    ("nesutinku", Word::Key(K::Decline)),
    ("pasiduodu", Word::Key(K::Resign)),
    ("pasiduoti", Word::Key(K::Resign)),
    ("reikalauju", Word::Key(K::Claim)),
    ("reikalavimas", Word::Key(K::Claim)),
    ("pasikartojimo", Word::Key(K::Repetition)),
    ("pasikartojimas", Word::Key(K::Repetition)),
    ("penkiasdešimties", Word::Key(K::Fifty)),
    ("penkiasdešimt", Word::Key(K::Fifty)),
    ("teisėjas", Word::Key(K::Arbiter)),
    ("teisėją", Word::Key(K::Arbiter)),
    ("teisėjau", Word::Key(K::Arbiter)),
    ("teisėju", Word::Key(K::Arbiter)),
    ("teisėjo", Word::Key(K::Arbiter)),
    ("kviečiu", Word::Key(K::Call)),
    ("pakviesti", Word::Key(K::Call)),
    ("pauzė", Word::Key(K::Pause)),
    ("pertrauka", Word::Key(K::Pause)),
    ("tyla", Word::Key(K::Stop)),
    ("tylėk", Word::Key(K::Stop)),
    ("užtenka", Word::Key(K::Stop)),
    ("kieno", Word::Key(K::Turn)),
    ("eilė", Word::Key(K::Turn)),
    ("pagalba", Word::Key(K::Help)),
    ("komandos", Word::Key(K::Help)),
    ("vardas", Word::Key(K::Name)),
    ("baltųjų", Word::Key(K::White)),
    ("baltieji", Word::Key(K::White)),
    ("juodųjų", Word::Key(K::Black)),
    ("juodieji", Word::Key(K::Black)),
    ("figūros", Word::Key(K::Pieces)),
    ("figūrų", Word::Key(K::Pieces)),
    ("materialas", Word::Key(K::Material)),
    ("kirstos", Word::Key(K::Captured)),
    ("nukirstos", Word::Key(K::Captured)),
    ("kirtimas", Word::Key(K::Capture)),
    ("įstrižainė", Word::Key(K::Diagonal)),
    ("gina", Word::Key(K::Defend)),
    ("gynėjai", Word::Key(K::Defend)),
    ("apgintas", Word::Key(K::Defend)),
    ("grėsmė", Word::Key(K::Threat)),
    ("grėsmės", Word::Key(K::Threat)),
    ("grasina", Word::Key(K::Threat)),
    ("surišimas", Word::Key(K::Pin)),
    ("surištas", Word::Key(K::Pin)),
    ("galimi", Word::Key(K::Mobility)),
    ("mobilumas", Word::Key(K::Mobility)),
    ("geriausias", Word::Key(K::Best)),
    ("patarimas", Word::Key(K::Best)),
    ("įvertinimas", Word::Key(K::Evaluation)),
    ("geriau", Word::Key(K::Evaluation)),
    ("padėjau", Word::Key(K::Placed)),
    ("baigiau", Word::Key(K::Placed)),
    ("atšaukti", Word::Key(K::TakeBack)),
    ("atgal", Word::Key(K::TakeBack)),
    ("nutraukti", Word::Key(K::Abort)),
    ("nutraukiu", Word::Key(K::Abort)),
    ("pergalės", Word::Key(K::Victory)),
    ("pergalę", Word::Key(K::Victory)),
    ("pergalė", Word::Key(K::Victory)),
    ("bokštai", p(Role::Rook)),
    ("rikiai", p(Role::Bishop)),
    ("žirgai", p(Role::Knight)),
    ("pėstininkai", p(Role::Pawn)),
];

const LT_FILLERS: &[&str] = &[
    "en",
    "yra",
    "ant",
    "aš",
    "kas",
    "prašau",
    "visos",
    "dar",
    "dėl",
    "su",
    "padaryta",
    "man",
    "liko",
    "turiu",
    "noriu",
    "kalbėti",
    "pasikalbėti",
    "partiją",
];

/// The command phrases of Lithuanian, as the grammar offers them.
const LT_COMMANDS: &[&str] = &[
    "laikas",
    "mano laikas",
    "kiek laiko man liko",
    "kiek laiko turiu",
    "kiek ėjimų",
    "ėjimų skaičius",
    "pakartok",
    "pakartoti",
    "paskutinis ėjimas",
    "paskutiniai {n} ėjimai",
    "kur yra mano {piece}",
    "kur yra mano karalius",
    "kur yra mano valdovė",
    "kur yra mano bokštai",
    "kur yra mano rikiai",
    "kur yra mano žirgai",
    "kur yra mano pėstininkai",
    "kur yra mano Bauern",
    "kur yra priešininko {piece}",
    "kur yra priešininko valdovė",
    "kur yra baltųjų {piece}",
    "kur yra juodųjų {piece}",
    "visos mano figūros",
    "visos priešininko figūros",
    "visos baltųjų figūros",
    "visos juodųjų figūros",
    "kieno ėjimas",
    "kieno eilė",
    "pagalba",
    "komandos",
    "kas yra mano priešininkas",
    "priešininko vardas",
    "materialas",
    "kirstos figūros",
    "paskutinis kirtimas",
    "įstrižainė {square}",
    "kas stovi ant {square}",
    "horizontalė {rank}",
    "vertikalė {file}",
    "kas puola {square}",
    "kas gina {square}",
    "grėsmė",
    "surišimas",
    "galimi ėjimai",
    "geriausias ėjimas",
    "patarimas",
    "įvertinimas",
    "taisymas",
    "ne",
    "taip",
    "lygiosios",
    "siūlau lygiąsias",
    "lygiosios priimtos",
    "sutinku su lygiosiomis",
    "lygiosios atmestos",
    "pasiduodu",
    "reikalauju lygiųjų dėl pasikartojimo",
    "reikalauju lygiųjų dėl penkiasdešimties ėjimų",
    "reikalauju lygiųjų dėl pasikartojimo {move}",
    "reikalauju lygiųjų dėl penkiasdešimties ėjimų {move}",
    "teisėjas",
    "kviečiu teisėją",
    "noriu kalbėti su teisėju",
    "taisymas {move}",
    "pauzė",
    "tyla",
    "padėjau",
    "baigiau",
    "nutraukti partiją",
    "reikalauju pergalės",
];

const LV_KEYS: &[(&str, Word)] = &[
    ("laiks", Word::Key(K::Time)),
    ("laiku", Word::Key(K::Time)),
    ("laika", Word::Key(K::Time)),
    ("pulkstenis", Word::Key(K::Time)),
    ("gājiens", Word::Key(K::Moves)),
    ("gājieni", Word::Key(K::Moves)),
    ("gājienu", Word::Key(K::Moves)),
    ("cik", Word::Key(K::HowMany)),
    ("skaits", Word::Key(K::HowMany)),
    ("atkārtot", Word::Key(K::Repeat)),
    ("atkārto", Word::Key(K::Repeat)),
    ("vēlreiz", Word::Key(K::Repeat)),
    ("pēdējais", Word::Key(K::Last)),
    ("pēdējie", Word::Key(K::Last)),
    ("pēdējo", Word::Key(K::Last)),
    ("kur", Word::Key(K::Where)),
    ("mans", Word::Key(K::Own)),
    ("mana", Word::Key(K::Own)),
    ("mani", Word::Key(K::Own)),
    ("manas", Word::Key(K::Own)),
    ("pretinieka", Word::Key(K::Opponent)),
    ("pretinieks", Word::Key(K::Opponent)),
    ("pretinieku", Word::Key(K::Opponent)),
    ("stāv", Word::Key(K::What)),
    ("horizontāle", Word::Key(K::RankWord)),
    ("rinda", Word::Key(K::RankWord)),
    ("vertikāle", Word::Key(K::FileWord)),
    ("līnija", Word::Key(K::FileWord)),
    ("nolasi", Word::Key(K::Read)),
    ("lasi", Word::Key(K::Read)),
    ("uzbrūk", Word::Key(K::Attack)),
    ("uzbrucēji", Word::Key(K::Attack)),
    ("labojums", Word::Key(K::Correction)),
    ("labot", Word::Key(K::Correction)),
    ("nē", Word::Key(K::No)),
    ("jā", Word::Key(K::Yes)),
    ("neizšķirts", Word::Key(K::Draw)),
    ("neizšķirtu", Word::Key(K::Draw)),
    ("neizšķirta", Word::Key(K::Draw)),
    ("remis", Word::Key(K::Draw)),
    ("piedāvāju", Word::Key(K::Offer)),
    ("piedāvājums", Word::Key(K::Offer)),
    ("pieņemu", Word::Key(K::Accept)),
    ("pieņemts", Word::Key(K::Accept)),
    ("piekrītu", Word::Key(K::Accept)),
    ("noraidu", Word::Key(K::Decline)),
    ("noraidīts", Word::Key(K::Decline)),
    ("padodos", Word::Key(K::Resign)),
    ("padoties", Word::Key(K::Resign)),
    ("pieprasu", Word::Key(K::Claim)),
    ("pieprasījums", Word::Key(K::Claim)),
    ("atkārtošanās", Word::Key(K::Repetition)),
    ("atkārtojums", Word::Key(K::Repetition)),
    ("piecdesmit", Word::Key(K::Fifty)),
    ("tiesnesis", Word::Key(K::Arbiter)),
    ("tiesnesi", Word::Key(K::Arbiter)),
    ("tiesneša", Word::Key(K::Arbiter)),
    ("saukt", Word::Key(K::Call)),
    ("saucu", Word::Key(K::Call)),
    ("pauze", Word::Key(K::Pause)),
    ("pārtraukums", Word::Key(K::Pause)),
    ("klusu", Word::Key(K::Stop)),
    ("pietiek", Word::Key(K::Stop)),
    ("stop", Word::Key(K::Stop)),
    ("kam", Word::Key(K::Turn)),
    ("kārta", Word::Key(K::Turn)),
    ("palīdzība", Word::Key(K::Help)),
    ("komandas", Word::Key(K::Help)),
    ("vārds", Word::Key(K::Name)),
    ("sauc", Word::Key(K::Name)),
    ("balto", Word::Key(K::White)),
    ("baltie", Word::Key(K::White)),
    ("melno", Word::Key(K::Black)),
    ("melnie", Word::Key(K::Black)),
    ("figūras", Word::Key(K::Pieces)),
    ("materiāls", Word::Key(K::Material)),
    ("nosistās", Word::Key(K::Captured)),
    ("sistās", Word::Key(K::Captured)),
    ("sitiens", Word::Key(K::Capture)),
    ("diagonāle", Word::Key(K::Diagonal)),
    ("aizsargā", Word::Key(K::Defend)),
    ("aizsargātāji", Word::Key(K::Defend)),
    ("aizsargāts", Word::Key(K::Defend)),
    ("draudi", Word::Key(K::Threat)),
    ("draud", Word::Key(K::Threat)),
    ("piesaiste", Word::Key(K::Pin)),
    ("piesaistīts", Word::Key(K::Pin)),
    ("iespējamie", Word::Key(K::Mobility)),
    ("mobilitāte", Word::Key(K::Mobility)),
    ("labākais", Word::Key(K::Best)),
    ("padoms", Word::Key(K::Best)),
    ("novērtējums", Word::Key(K::Evaluation)),
    ("labāk", Word::Key(K::Evaluation)),
    ("noliku", Word::Key(K::Placed)),
    ("gatavs", Word::Key(K::Placed)),
    ("atsaukt", Word::Key(K::TakeBack)),
    ("pārtraukt", Word::Key(K::Abort)),
    ("pārtraucu", Word::Key(K::Abort)),
    ("uzvaru", Word::Key(K::Victory)),
    ("uzvara", Word::Key(K::Victory)),
    ("atpakaļ", Word::Key(K::TakeBack)),
    ("torņi", p(Role::Rook)),
    ("laidņi", p(Role::Bishop)),
    ("zirgi", p(Role::Knight)),
    ("bandinieki", p(Role::Pawn)),
];

const LV_FILLERS: &[&str] = &[
    "en",
    "ir",
    "uz",
    "es",
    "kā",
    "kas",
    "kuri",
    "kura",
    "lūdzu",
    "visas",
    "dēļ",
    "izdarīti",
    "man",
    "palicis",
    "gribu",
    "vēlos",
    "runāt",
    "ar",
    "partiju",
];

/// The command phrases of Latvian, as the grammar offers them.
const LV_COMMANDS: &[&str] = &[
    "laiks",
    "mans laiks",
    "cik man ir laika",
    "cik laika man palicis",
    "pulkstenis",
    "cik gājienu",
    "gājienu skaits",
    "atkārtot",
    "vēlreiz",
    "pēdējais gājiens",
    "pēdējie {n} gājieni",
    "kur ir mans karalis",
    "kur ir mans König",
    "kur ir mana dāma",
    "kur ir mana Dame",
    "kur ir mans tornis",
    "kur ir mans Turm",
    "kur ir mans laidnis",
    "kur ir mans Läufer",
    "kur ir mans zirgs",
    "kur ir mans Springer",
    "kur ir mani torņi",
    "kur ir mani laidņi",
    "kur ir mani zirgi",
    "kur ir mani bandinieki",
    "kur ir mani Bauern",
    "kur ir pretinieka {piece}",
    "kur ir pretinieka dāma",
    "kur ir balto {piece}",
    "kur ir melno {piece}",
    "visas manas figūras",
    "visas pretinieka figūras",
    "visas balto figūras",
    "visas melno figūras",
    "kam gājiens",
    "kam ir gājiens",
    "kura kārta",
    "palīdzība",
    "komandas",
    "kas ir mans pretinieks",
    "pretinieka vārds",
    "materiāls",
    "nosistās figūras",
    "pēdējais sitiens",
    "diagonāle {square}",
    "kas stāv uz {square}",
    "horizontāle {rank}",
    "rinda {rank}",
    "vertikāle {file}",
    "kuri uzbrūk {square}",
    "kuri aizsargā {square}",
    "draudi",
    "piesaiste",
    "iespējamie gājieni",
    "labākais gājiens",
    "padoms",
    "novērtējums",
    "labojums",
    "nē",
    "jā",
    "neizšķirts",
    "piedāvāju neizšķirtu",
    "neizšķirts pieņemts",
    "pieņemu neizšķirtu",
    "neizšķirts noraidīts",
    "noraidu neizšķirtu",
    "padodos",
    "pieprasu neizšķirtu atkārtošanās dēļ",
    "pieprasu neizšķirtu piecdesmit gājienu dēļ",
    "pieprasu neizšķirtu atkārtošanās dēļ {move}",
    "pieprasu neizšķirtu piecdesmit gājienu dēļ {move}",
    "tiesnesis",
    "saukt tiesnesi",
    "es gribu runāt ar tiesnesi",
    "labojums {move}",
    "pauze",
    "klusu",
    "noliku",
    "gatavs",
    "pārtraukt partiju",
    "pieprasu uzvaru",
];

const HU_KEYS: &[(&str, Word)] = &[
    ("idő", Word::Key(K::Time)),
    ("időm", Word::Key(K::Time)),
    ("idők", Word::Key(K::Time)),
    ("óra", Word::Key(K::Time)),
    ("lépés", Word::Key(K::Moves)),
    ("lépést", Word::Key(K::Moves)),
    ("lépések", Word::Key(K::Moves)),
    ("hány", Word::Key(K::HowMany)),
    ("mennyi", Word::Key(K::HowMany)),
    ("lépésszám", Word::Key(K::MoveCount)),
    ("ismételd", Word::Key(K::Repeat)),
    ("ismételje", Word::Key(K::Repeat)),
    ("újra", Word::Key(K::Repeat)),
    ("utolsó", Word::Key(K::Last)),
    ("hol", Word::Key(K::Where)),
    ("saját", Word::Key(K::Own)),
    ("ellenfél", Word::Key(K::Opponent)),
    ("ellenfelet", Word::Key(K::Opponent)),
    ("ellenfelem", Word::Key(K::Opponent)),
    ("mi", Word::Key(K::What)),
    ("vízszintes", Word::Key(K::RankWord)),
    ("sor", Word::Key(K::RankWord)),
    ("függőleges", Word::Key(K::FileWord)),
    ("oszlop", Word::Key(K::FileWord)),
    ("olvasd", Word::Key(K::Read)),
    ("támadja", Word::Key(K::Attack)),
    ("támadók", Word::Key(K::Attack)),
    ("javítás", Word::Key(K::Correction)),
    ("helyesbítés", Word::Key(K::Correction)),
    ("nem", Word::Key(K::No)),
    ("igen", Word::Key(K::Yes)),
    ("döntetlen", Word::Key(K::Draw)),
    ("döntetlent", Word::Key(K::Draw)),
    ("remi", Word::Key(K::Draw)),
    ("ajánlok", Word::Key(K::Offer)),
    ("ajánlat", Word::Key(K::Offer)),
    ("elfogadom", Word::Key(K::Accept)),
    ("elfogadva", Word::Key(K::Accept)),
    ("elutasítom", Word::Key(K::Decline)),
    ("elutasítva", Word::Key(K::Decline)),
    ("feladom", Word::Key(K::Resign)),
    ("feladás", Word::Key(K::Resign)),
    ("igénylem", Word::Key(K::Claim)),
    ("igénylek", Word::Key(K::Claim)),
    ("reklamálok", Word::Key(K::Claim)),
    ("lépésismétlés", Word::Key(K::Repetition)),
    ("állásismétlés", Word::Key(K::Repetition)),
    ("ötven", Word::Key(K::Fifty)),
    ("bíró", Word::Key(K::Arbiter)),
    ("bírót", Word::Key(K::Arbiter)),
    ("versenybíró", Word::Key(K::Arbiter)),
    ("versenybírót", Word::Key(K::Arbiter)),
    ("bíróval", Word::Key(K::Arbiter)),
    ("bíróhoz", Word::Key(K::Arbiter)),
    ("hívom", Word::Key(K::Call)),
    ("hívja", Word::Key(K::Call)),
    ("szünet", Word::Key(K::Pause)),
    ("csend", Word::Key(K::Stop)),
    ("elég", Word::Key(K::Stop)),
    ("lép", Word::Key(K::Turn)),
    ("soron", Word::Key(K::Turn)),
    ("segítség", Word::Key(K::Help)),
    ("parancsok", Word::Key(K::Help)),
    ("neve", Word::Key(K::Name)),
    ("hívják", Word::Key(K::Name)),
    ("világos", Word::Key(K::White)),
    ("fehér", Word::Key(K::White)),
    ("sötét", Word::Key(K::Black)),
    ("fekete", Word::Key(K::Black)),
    ("bábuk", Word::Key(K::Pieces)),
    ("bábui", Word::Key(K::Pieces)),
    ("bábuim", Word::Key(K::Pieces)),
    ("anyag", Word::Key(K::Material)),
    ("leütött", Word::Key(K::Captured)),
    ("ütés", Word::Key(K::Capture)),
    ("átló", Word::Key(K::Diagonal)),
    ("védi", Word::Key(K::Defend)),
    ("védők", Word::Key(K::Defend)),
    ("védett", Word::Key(K::Defend)),
    ("fenyegetés", Word::Key(K::Threat)),
    ("fenyeget", Word::Key(K::Threat)),
    ("kötés", Word::Key(K::Pin)),
    ("kötésben", Word::Key(K::Pin)),
    ("lehetséges", Word::Key(K::Mobility)),
    ("mobilitás", Word::Key(K::Mobility)),
    ("legjobb", Word::Key(K::Best)),
    ("tanács", Word::Key(K::Best)),
    ("értékelés", Word::Key(K::Evaluation)),
    ("jobban", Word::Key(K::Evaluation)),
    ("letettem", Word::Key(K::Placed)),
    ("kész", Word::Key(K::Placed)),
    ("vissza", Word::Key(K::TakeBack)),
    ("megszakítom", Word::Key(K::Abort)),
    ("megszakítás", Word::Key(K::Abort)),
    ("győzelmet", Word::Key(K::Victory)),
    ("győzelem", Word::Key(K::Victory)),
    ("visszavonom", Word::Key(K::TakeBack)),
    ("királyom", p(Role::King)),
    ("vezére", p(Role::Queen)),
    ("vezérem", p(Role::Queen)),
    ("bástyám", p(Role::Rook)),
    ("bástyáim", p(Role::Rook)),
    ("futóm", p(Role::Bishop)),
    ("futóim", p(Role::Bishop)),
    ("huszárom", p(Role::Knight)),
    ("huszárjaim", p(Role::Knight)),
    ("gyalogom", p(Role::Pawn)),
    ("gyalogjaim", p(Role::Pawn)),
];

const HU_FILLERS: &[&str] = &[
    "en",
    "a",
    "az",
    "van",
    "vannak",
    "ki",
    "kérem",
    "miatt",
    "hogy",
    "mező",
    "mezőn",
    "mezőt",
    "összes",
    "maradt",
    "még",
    "szeretnék",
    "beszélni",
    "akarok",
    "játszmát",
];

/// The command phrases of Hungarian, as the grammar offers them.
const HU_COMMANDS: &[&str] = &[
    "idő",
    "az időm",
    "mennyi időm van",
    "mennyi időm maradt",
    "hány lépés",
    "lépésszám",
    "ismételd",
    "újra",
    "utolsó lépés",
    "utolsó {n} lépés",
    "hol van a {piece}",
    "hol van a királyom",
    "hol van a vezérem",
    "hol van a bástyám",
    "hol van a futóm",
    "hol van a huszárom",
    "hol vannak a bástyáim",
    "hol vannak a futóim",
    "hol vannak a huszárjaim",
    "hol vannak a gyalogjaim",
    "hol van az ellenfél {piece}",
    "hol van az ellenfél vezére",
    "hol van a világos {piece}",
    "hol van a sötét {piece}",
    "hol vannak a saját bábuim",
    "hol vannak az ellenfél bábui",
    "hol vannak a világos bábuk",
    "hol vannak a sötét bábuk",
    "ki lép",
    "ki van soron",
    "segítség",
    "parancsok",
    "az ellenfél neve",
    "hogy hívják az ellenfelet",
    "anyag",
    "leütött bábuk",
    "utolsó ütés",
    "átló {square}",
    "mi van az {square} mezőn",
    "mi van a {square} mezőn",
    "vízszintes {rank}",
    "sor {rank}",
    "függőleges {file}",
    "oszlop {file}",
    "ki támadja az {square} mezőt",
    "ki támadja a {square} mezőt",
    "ki védi a {square} mezőt",
    "fenyegetés",
    "kötés",
    "lehetséges lépések",
    "legjobb lépés",
    "tanács",
    "értékelés",
    "javítás",
    "nem",
    "igen",
    "döntetlen",
    "döntetlent ajánlok",
    "döntetlent elfogadom",
    "döntetlent elutasítom",
    "feladom",
    "igénylem a döntetlent lépésismétlés miatt",
    "igénylem a döntetlent ötven lépés miatt",
    "igénylem a döntetlent lépésismétlés miatt {move}",
    "igénylem a döntetlent ötven lépés miatt {move}",
    "bíró",
    "hívom a bírót",
    "a bíróval szeretnék beszélni",
    "javítás {move}",
    "szünet",
    "csend",
    "letettem",
    "kész",
    "megszakítom a játszmát",
    "igénylem a győzelmet",
];

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use shakmaty::{File, Rank, Square};

    use crate::{
        lexicon::Lexicon,
        parse::parse,
        utterance::{ClaimGround, Command, Side, SpokenMove, Utterance},
    };

    use super::*;

    /// A template with its slots filled by one value each.
    fn fill(lex: &Lexicon, template: &str) -> String {
        template
            .replace("{piece}", lex.piece_name(Role::Knight))
            .replace("{square}", &lex.square_words(Square::E4))
            .replace("{rank}", lex.rank_name(Rank::Fourth))
            .replace("{file}", lex.file_name(File::F))
            .replace("{n}", lex.rank_name(Rank::Third))
            .replace("{move}", &lex.square_words(Square::E4))
    }

    /// The names of the commands a lexicon's phrases say; every phrase must be a command.
    fn commands_said(lex: &Lexicon) -> BTreeSet<&'static str> {
        lex.command_templates()
            .iter()
            .map(|t| {
                let said = fill(lex, t);
                match parse(lex, &said) {
                    Ok(Utterance::Command(c)) => c.name(),
                    other => panic!("{} {t:?} ({said:?}): {other:?}", lex.language()),
                }
            })
            .collect()
    }

    #[test]
    fn every_german_command_can_be_said_in_each_language() {
        let german = commands_said(Lexicon::get(Language::De));
        assert!(german.contains("whose_turn") && german.contains("claim"));
        for language in [Language::Lt, Language::Lv, Language::Hu] {
            for lex in [Lexicon::get(language), Lexicon::local(language)] {
                let said = commands_said(lex);
                let missing: Vec<_> = german.difference(&said).collect();
                assert!(missing.is_empty(), "{language} lacks {missing:?}");
            }
        }
    }

    #[test]
    fn natural_phrasings_mean_their_command() {
        use Command as C;
        let own = |role| C::WhereIs {
            role,
            side: Side::Own,
        };
        let claim = |ground| C::Claim {
            ground,
            intended: None,
        };
        let table: &[(Language, &str, Command)] = &[
            (Language::Lv, "kam gājiens", C::WhoseTurn),
            (Language::Lv, "mans laiks", C::AskTime),
            (Language::Lv, "kur ir mana dāma", own(Role::Queen)),
            (Language::Lv, "kur ir mana Dame", own(Role::Queen)),
            (Language::Lv, "kur ir mani bandinieki", own(Role::Pawn)),
            (
                Language::Lv,
                "kur ir pretinieka zirgs",
                C::WhereIs {
                    role: Role::Knight,
                    side: Side::Opponent,
                },
            ),
            (Language::Lv, "palīdzība", C::Help),
            (Language::Lv, "atkārtot", C::RepeatLastMove),
            (Language::Lv, "labojums", C::Correction),
            (Language::Lv, "jā", C::Yes),
            (Language::Lv, "nē", C::No),
            (Language::Lv, "piedāvāju neizšķirtu", C::OfferDraw),
            (Language::Lv, "pieņemu neizšķirtu", C::Accept),
            (Language::Lv, "padodos", C::Resign),
            (Language::Lv, "tiesnesis", C::CallArbiter),
            (
                Language::Lv,
                "kas stāv uz Felikss drei",
                C::WhatIsOn(Square::F3),
            ),
            (Language::Lv, "pēdējie drei gājieni", C::LastMoves(3)),
            (
                Language::Lv,
                "pieprasu neizšķirtu atkārtošanās dēļ",
                claim(ClaimGround::Repetition),
            ),
            (Language::Lt, "kieno ėjimas", C::WhoseTurn),
            (Language::Lt, "mano laikas", C::AskTime),
            (Language::Lt, "kur yra mano valdovė", own(Role::Queen)),
            (Language::Lt, "kur yra mano Dame", own(Role::Queen)),
            (Language::Lt, "pagalba", C::Help),
            (Language::Lt, "pakartok", C::RepeatLastMove),
            (Language::Lt, "taisymas", C::Correction),
            (Language::Lt, "taip", C::Yes),
            (Language::Lt, "ne", C::No),
            (Language::Lt, "siūlau lygiąsias", C::OfferDraw),
            (Language::Lt, "lygiosios atmestos", C::Decline),
            (Language::Lt, "pasiduodu", C::Resign),
            (Language::Lt, "teisėjas", C::CallArbiter),
            (
                Language::Lt,
                "reikalauju lygiųjų dėl penkiasdešimties ėjimų",
                claim(ClaimGround::FiftyMoves),
            ),
            (Language::Hu, "ki lép", C::WhoseTurn),
            (Language::Hu, "az időm", C::AskTime),
            (Language::Hu, "hol van a vezérem", own(Role::Queen)),
            (Language::Hu, "hol van a Dame", own(Role::Queen)),
            (Language::Hu, "segítség", C::Help),
            (Language::Hu, "ismételd", C::RepeatLastMove),
            (Language::Hu, "javítás", C::Correction),
            (Language::Hu, "igen", C::Yes),
            (Language::Hu, "nem", C::No),
            (Language::Hu, "döntetlent ajánlok", C::OfferDraw),
            (Language::Hu, "feladom", C::Resign),
            (Language::Hu, "bíró", C::CallArbiter),
            (Language::Lt, "padėjau", C::Placed),
            (Language::Lt, "baigiau", C::Placed),
            (Language::Lv, "noliku", C::Placed),
            (Language::Lv, "gatavs", C::Placed),
            (Language::Hu, "letettem", C::Placed),
            (Language::Hu, "kész", C::Placed),
            (Language::Lt, "atšaukti", C::TakeBack),
            (Language::Lv, "atpakaļ", C::TakeBack),
            (Language::Hu, "vissza", C::TakeBack),
            (
                Language::Hu,
                "igénylem a döntetlent lépésismétlés miatt",
                claim(ClaimGround::Repetition),
            ),
        ];
        for (language, said, want) in table {
            let lex = Lexicon::get(*language);
            assert_eq!(
                parse(lex, said),
                Ok(Utterance::Command(want.clone())),
                "{language}: {said}"
            );
        }
        // A claim carries the intended move, in the FIDE scheme.
        let Ok(Utterance::Command(C::Claim {
            intended: Some(m), ..
        })) = parse(
            Lexicon::get(Language::Lv),
            "pieprasu neizšķirtu atkārtošanās dēļ Springer Felikss drei",
        )
        else {
            panic!("claim with move")
        };
        assert!(matches!(m, SpokenMove::Normal { to: Square::F3, .. }));
    }

    #[test]
    fn every_command_word_means_what_it_is_listed_for() {
        for language in [Language::Lt, Language::Lv, Language::Hu] {
            for lex in [Lexicon::get(language), Lexicon::local(language)] {
                for &(spelling, word) in keys(language) {
                    assert_eq!(
                        lex.lookup(spelling),
                        crate::lexicon::Lookup::Word(word),
                        "{language}: {spelling}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_help_lists_only_what_can_be_said() {
        for language in Language::ALL {
            let help = crate::messages::Messages::get(language).text("help", &[]);
            let lex = Lexicon::get(language);
            let mut examples = 0;
            for sentence in help.split(". ") {
                let sentence = sentence.trim_end_matches('.');
                let listed = sentence.split_once(": ").map_or(sentence, |(_, l)| l);
                for example in listed.split(", ") {
                    assert!(
                        parse(lex, example).is_ok(),
                        "{language}: the help says {example:?}"
                    );
                    examples += 1;
                }
            }
            assert!(examples > 20, "{language}: {help}");
        }
    }

    #[test]
    fn moves_still_parse_beside_the_command_words() {
        for language in [Language::Lt, Language::Lv, Language::Hu] {
            let lex = Lexicon::get(language);
            for said in [
                "Springer Felix drei",
                "Eva acht wird Dame",
                "Eva fünf en passant",
            ] {
                assert!(
                    matches!(parse(lex, said), Ok(Utterance::Move(_))),
                    "{language}: {said}"
                );
            }
        }
    }
}
