# Az oldalak és a nyomtatott játszmalap szövegei magyarul: a versenybíró konzolja, a
# táblák egyeztetése (D.2.9 szabály) és a játszmalap feliratai. Mezők, mint a
# játszmalapon ($square: "e4"), lépések SAN-ban a nyelv betűivel. Mindkét játékost
# magázva szólítjuk meg.

## A konzol
console-read-only = Csak olvasás
console-arbiter = Versenybírói konzol — { $name }
console-skip = Ugrás a táblákhoz
console-reload = Töltse újra az oldalt a változások megtekintéséhez.
console-glance = Első pillantásra
console-alerts = Riasztások
console-boards = Táblák
console-plan = A táblák egyeztetése (D.2.9 szabály)
console-clocks = Órák
console-claims = Reklamációk
console-moves = Játszmalapok
console-log = Eseménynapló
console-actions = A versenybíró intézkedései
console-no-alerts = Nincs riasztás.
console-no-claims = Nincs függő reklamáció.
console-no-plan = Nincs szükség egyeztetésre.
console-plan-open = A táblák eltérnek: az egyeztetési terv lent található.
console-state-waiting = A játszma még nem kezdődött el.
console-state-running = A játszma folyik.
console-state-paused = Az órákat a versenybíró megállította.
console-state-adjourned = A játszma függőben van.
console-state-finished = A játszma véget ért: { $result }.
console-clock-side = { color }
console-clock-vi = { color } — látássérült játékos
console-clock-running = Jár
console-clock-stopped = Áll
console-clock-paused = Megállítva
console-clock-moves = Lépések: { $count }
console-claim = { color } reklamál ({ $ground }): { $detail }
console-uphold = A(z) { $id }. reklamáció elfogadása
console-reject = A(z) { $id }. reklamáció elutasítása
console-dismiss = A(z) { $id }. riasztás lezárása
console-carry-out = A terv végrehajtása
console-pause = Órák megállítása
console-resume = Órák indítása
console-side = Szín
console-white = Világos
console-black = Sötét
console-set-clock = Óra beállítása
console-time-left = Hátralévő idő (h:mm:ss)
console-set-clock-button = Óra beállítása
console-set-moves = Lépésszámláló beállítása
console-moves-made = Megtett lépések
console-set-moves-button = Számláló beállítása
console-penalty = Büntetés (7.5.5, 12.9 szabály)
console-penalty-kind = Büntetés
console-penalty-warning = Figyelmeztetés
console-penalty-add = Időjóváírás az ellenfélnek
console-penalty-reduce = A vétkes idejének csökkentése
console-penalty-lose = Elvesztett játszma
console-seconds = Másodperc
console-penalty-button = Büntetés kiszabása
console-declare = Az eredmény kihirdetése
console-result = Eredmény
console-reason = Indok
console-declare-button = Eredmény kihirdetése
console-vi-board = A látássérült játékos táblája
console-sighted-board = A látó játékos táblája
console-board-as-text = { $board } szövegként
console-board-unreadable = Ez a tábla nem olvasható.
console-boards-agree = A két tábla egyezik.
console-boards-differ = A táblák { $count ->
    [one] egy mezőn
   *[other] { $count } mezőn
 } eltérnek.
console-square-differs = { $square }: a látássérült tábláján { $vi }, a látó tábláján { $sighted }.
console-square-empty = üres
console-scoresheets = Mindkét játszmalap, lépésről lépésre
console-ply = Féllépés
console-vi-player = Látássérült játékos
console-sighted-player = Látó játékos
console-same = Egyezik
console-yes = igen
console-no = nem
console-no-moves = Még nincs lépés.

## A táblák egyeztetése (D.2.9 szabály)
plan-ply = { color }, { $number }. lépés
plan-agreement = Mindkét tábla egyezik a játszmalapokkal.
plan-scoresheets-agree = A játszmalapok egyeznek eddig: { $at }. Egy tábla eltér tőlük, és azt kijavítják.
plan-scoresheets-agree-start = A játszmalapok egyeznek (kiinduló állás). Egy tábla eltér tőlük, és azt kijavítják.
plan-scoresheets-differ = A játszmalapok eltérnek ettől: { $at }. A játszma visszatér az állásba ez után: { $last }, ahol utoljára egyeztek.
plan-scoresheets-differ-start = A játszmalapok eltérnek ettől: { $at }. A játszma visszatér a kiinduló állásba, ahol utoljára egyeztek.
plan-boards-agree = Mindkét tábla az egyik játszmalap játszmáját mutatja. A másik játszmalapot kijavítják (8.1 szabály).
plan-continues = A játszma ez után folytatódik: { $at }.
plan-continues-start = A játszma a kiinduló állásból folytatódik.
plan-findings = Megállapítások
plan-board-of = { $player ->
    [vi] A látássérült játékos táblája
   *[sighted] A látó játékos táblája
 }
plan-player = { $player ->
    [vi] a látássérült játékos
   *[sighted] a látó játékos
 }
plan-move-on-one-board = Ettől kezdve: { $at }, hiányoznak a lépések { plan-player } tábláján: { $moves }.
plan-wrong-move = Itt: { $at }, { plan-player } tábláján { $executed } áll { $recorded } helyett.
plan-board-disturbed = Rossz mezőn állnak bábuk { plan-player } tábláján: { $squares }.
plan-unrecorded = Ettől kezdve: { $at }, hiányoznak a lépések { plan-player } játszmalapjáról: { $moves }.
plan-not-played = Ettől kezdve: { $at }, { plan-player } játszmalapján olyan lépések vannak, amelyeket egyik tábla sem mutat: { $moves }. Ezeket áthúzzák.
plan-missing-move = Itt: { $at }, hiányzik a(z) { $moves } lépés { plan-player } játszmalapjáról.
plan-swapped = { $player ->
    [none] Két lépés rossz sorrendben van feljegyezve: { $moves }.
   *[other] Két lépés rossz sorrendben van { plan-player } játszmalapján: { $moves }.
 }
plan-illegal-entry = Itt: { $at }, { plan-player } játszmalapján „{ $moves }“ áll, ez nem szabályos lépés.
plan-different-move = Itt: { $at }, a látássérült játékos { $vi } lépést jegyzett fel, a látó játékos { $sighted } lépést.
plan-step-remove = Vegye le { $piece } erről: { $from }.
plan-step-move = Tegye { $piece } innen: { $from }, ide: { $to }.
plan-step-lift = Emelje fel { $piece } innen: { $from }, és tartsa a kezében.
plan-step-place = Tegye { $piece } ide: { $to }.
plan-step-add = Állítsa { $piece } ide: { $to }.
plan-clocks = Állítsa be az órákat: világos { $white }, sötét { $black }. Lépésszámlálók: világos { $white-moves }, sötét { $black-moves }.
plan-clocks-unknown = Ehhez a lépéshez nincs feljegyzett idő: az órákat a versenybíró állítja be. Lépésszámlálók: világos { $white-moves }, sötét { $black-moves }.

## A nyomtatott játszmalap
sheet-title = Játszmalap
sheet-doc-title = Játszmalap: { $white } – { $black }
sheet-page = { $number }. oldal / { $pages }
sheet-event = Verseny
sheet-site = Helyszín
sheet-date = Dátum
sheet-round = Forduló
sheet-board = Tábla
sheet-arbiter = Versenybíró
sheet-time-control = Játékidő
sheet-white = Világos
sheet-black = Sötét
sheet-vi = látássérült
sheet-by-hand = Kérjük, kézzel írja be (jobbról balra író írás).
sheet-title-label = Cím
sheet-rating = Értékszám
sheet-fide-id = FIDE-azonosító
sheet-federation = Szövetség
sheet-number = Sz.
sheet-time = Idő
sheet-result = Eredmény
sheet-illegal-none = Nem volt szabálytalan lépés.
sheet-illegal-added = ‡ { $move }: szabálytalan lépés ({ color }); az ellenfél { $time } időt kap (7.5.5 szabály).
sheet-illegal-lost = ‡ { $move }: szabálytalan lépés ({ color }); a játszma véget ér (7.5.5 szabály).
sheet-sign-white = Világos aláírása
sheet-sign-black = Sötét aláírása
sheet-sign-arbiter = A versenybíró aláírása
sheet-footer = Az annabella írta a tábla naplójából. (=) döntetlenajánlat ezzel a lépéssel (9.1.2.2 szabály). ‡ szabálytalan lépés e lépés helyett (7.5 szabály).
sheet-clocks = Az idő a játszma során
sheet-clocks-note = Hátralévő idő minden lépés után (az idők a lépésoszlopokban is szerepelnek).
sheet-axis-move = Lépés

## A konzol bejelentkezési és hibaoldala
console-sign-in = A versenybíró bejelentkezése
console-sign-in-token = Konzolkulcs (a konzol indításakor kiírva)
console-sign-in-name = Az Ön neve (minden intézkedésnél rögzítjük)
console-sign-in-open = A versenybírói konzol megnyitása
console-error = Nem történt meg
console-back = Vissza
console-say-remote-token = Más számítógépről a konzolkulccsal lehet belépni.
console-say-needs-token = A versenybírói konzolhoz konzolkulcs kell.
console-say-wrong-token = Ez a kulcs nem helyes.
console-say-needs-name = Adja meg a nevét: minden intézkedésnél rögzítjük.
console-say-not-running = Az asztal nem működik: a kérés nem jutott el.
console-say-action-token = A versenybírói intézkedésekhez konzolkulcs kell.
console-say-action-name = Minden intézkedéshez kell a versenybíró neve („by” mező).
