package dev.sextant.app.ui.shell;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javafx.scene.image.Image;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;

/** The application icon at the sizes the window system asks for, and the icon-font glyphs used in menus. */
public final class Icons {

    private static final int[] SIZES = {16, 32, 48, 64, 128, 256};

    private Icons() {}

    public static Image appIcon(int size) {
        int best = SIZES[SIZES.length - 1];
        for (int s : SIZES) {
            if (s >= size) {
                best = s;
                break;
            }
        }
        return new Image(
                Objects.requireNonNull(Icons.class.getResourceAsStream("/dev/sextant/app/ui/icon-" + best + ".png")));
    }

    public static List<Image> appIcons() {
        return Arrays.stream(SIZES).mapToObj(Icons::appIcon).toList();
    }

    public static FontIcon glyph(Ikon ikon) {
        FontIcon icon = new FontIcon(ikon);
        icon.getStyleClass().add("glyph");
        return icon;
    }
}
